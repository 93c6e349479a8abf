// Loaded with import() by LazyMotion, so the animation engine stays out of the first JavaScript a page loads.
import { domAnimation } from 'framer-motion'

export default domAnimation
