// Copy for the three product pages: /form, /knee and /gym-hero.
import { brand } from '../../shared/brand'
import type { Card } from './types'

export const formPage = {
  title: brand.formProductName,
  lead: 'Point your phone at your workout and get clear, specific feedback on your form, rep by rep.',
  paragraphs: [
    `${brand.formProductName} uses your phone's camera and AI to follow the way you move through common exercises like squats, lunges, push-ups and deadlifts. It looks at joint angles, depth, tempo and balance, then tells you in plain language what went well and what to adjust on the next rep.`,
    "Good form is what makes training safer and more effective, and it's hard to judge on your own. A coach watching over your shoulder isn't always an option, so we're building one that fits in your pocket.",
    `${brand.formProductName} gives coaching feedback, not a medical assessment. If something hurts, stop and check in with a qualified health professional.`,
  ],
  points: [
    'Real-time cues while you train, plus a short summary after each set',
    'Works with the camera you already have, with no sensors or wearables needed',
    'Video is processed to give you feedback, not kept long-term',
    `Built to work alongside ${brand.coachName}, so your form notes shape your plan`,
  ],
  buttonLabel: 'Mobile App Coming Soon',
}

export const kneePage = {
  title: brand.kneeProductName,
  lead: 'A gradual, guided program to build strength and confidence in your knees, one short session at a time.',
  bullets: [
    'Short sessions of 15 to 20 minutes, three times a week, that need little or no equipment',
    'Exercises for the muscles that support the knee: quads, hamstrings, hips and calves',
    'A progression that starts gently and moves forward only when you are ready',
    'Clear demonstrations and cues for every movement',
    'Simple check-ins on comfort and effort, so the program can ease off when you need it to',
    'Easy-to-follow guidance on warming up, recovery and staying active between sessions',
  ],
  anchorLabels: {
    download: 'Download',
    learnMore: 'Learn More',
  },
  download: {
    heading: `Get ${brand.kneeProductName}`,
    body: `${brand.kneeProductName} isn't available to download just yet. It will arrive on ${brand.launch.platform} after ${brand.coachName} launches in ${brand.launch.season}. Join the waitlist on our home page and we'll email you the moment it's ready, with a link to download it.`,
  },
  learnMore: {
    heading: 'How the program works',
    paragraphs: [
      "Strong muscles around the knee help it handle everyday load: stairs, hills, getting up from a chair, a weekend run. Most knee programs fail not because the exercises are wrong, but because they're too hard too soon, or too dull to keep doing.",
      `${brand.kneeProductName} starts with a few questions about your activity level and how your knees feel, then sets a starting point that should feel manageable. Each week builds a little on the last. If a session feels like too much, tell the app and it scales back.`,
      `${brand.kneeProductName} is a strength program, not a treatment. It doesn't diagnose or treat injuries or medical conditions. If you have a recent injury, surgery, swelling or pain that doesn't settle, talk to a doctor or physical therapist before you begin, and follow their advice over ours.`,
    ],
  },
}

export const gymHeroPage = {
  title: brand.gymHeroName,
  badge: 'Beta',
  lead: `${brand.gymHeroName} is a free beta that reviews your workout videos and gives you feedback on your form. Upload a clip, get clear notes back, and help us shape what comes next.`,
  ctaLabel: `Try ${brand.gymHeroName} free`,
  features: [
    {
      title: 'Upload any set',
      icon: 'upload',
      body: 'Record a set on your phone and upload the clip. There is no special setup: a steady camera and your whole body in the frame are enough.',
    },
    {
      title: 'Rep-by-rep feedback',
      icon: 'video',
      body: 'See where your depth, alignment and tempo held up and where they slipped, with a simple cue to try on your next set.',
    },
    {
      title: 'Free while in beta',
      icon: 'gift',
      body: "The beta costs nothing. In return, we'd love to hear what's useful and what isn't, because your feedback directly shapes the product.",
    },
  ] satisfies Card[],
  hostedNote: `${brand.gymHeroName} runs on its own website, separate from this one. Following the link takes you to the ${brand.gymHeroName} site; please read the terms and privacy information posted there before you upload anything.`,
}
