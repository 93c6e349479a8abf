// Copy for /about: the company's story, its approach and values, its commitments, and a contact call to action.
import { brand } from '../../shared/brand'
import type { Card } from './types'

export const aboutPage = {
  title: `About ${brand.companyName}`,
  lead: 'We believe good coaching should be personal, patient and available to anyone who wants to move more and feel better.',
  story: {
    heading: 'Our story',
    paragraphs: [
      "Most people know they'd feel better if they moved more. What gets in the way is rarely information. It's time, energy, old injuries, busy weeks, and plans that were never built for the person following them.",
      "A good coach solves that. They ask questions, remember the answers, notice when you're struggling, and change the plan instead of blaming you. But one-to-one coaching is expensive, and most people never get it.",
      `${brand.companyName} started with a simple question: could we make that kind of attentive, adaptable coaching available to everyone? ${brand.coachName}, our AI health and exercise coach, is our first answer. It arrives on ${brand.launch.platform} in ${brand.launch.season}.`,
      `We're organized as a public benefit corporation, ${brand.legalName}. Our charter names a public benefit, helping people build healthier, more active lives, and our directors are legally required to balance that mission, and the interests of the people our work affects, with the financial interests of our stockholders.`,
    ],
  },
  approach: {
    heading: 'Our approach',
    lead: 'Four values guide what we build and how we build it.',
    values: [
      {
        title: 'People first',
        body: 'We design for real lives, with real schedules and real limits. The plan serves the person, never the other way around.',
      },
      {
        title: 'Safety over streaks',
        body: "Progress should be sustainable. Our products build in rest, respond to pain and fatigue, and say plainly when something is a matter for a health professional rather than an app.",
      },
      {
        title: 'Honest about what AI can do',
        body: "Our coach is a capable guide, not a doctor. We're clear about its limits, and we'd rather under-promise than overstate what it can do.",
      },
      {
        title: 'Privacy by design',
        body: "Health data is personal. We collect what we need to coach you well, protect it carefully, and never sell it.",
      },
    ] satisfies Card[],
  },
  wontChange: {
    heading: "What won't change",
    points: [
      'We will never sell your personal data.',
      "Real-time movement and video data is used to give you feedback, and isn't stored long-term unless it has been anonymized.",
      "We'll tell you clearly and in advance, at least 30 days ahead, before we make material changes to our terms, privacy practices or prices.",
      'Our coach will always be honest that it is not a doctor, and will point you toward professional care when you need it.',
      'As a public benefit corporation, our mission to help people live healthier, more active lives stays part of how we are governed.',
    ],
  },
  contact: {
    heading: 'Get in touch',
    body: `Questions, ideas, partnership inquiries, or just want to say hello? We read every message. Write to us at ${brand.contactEmail}.`,
    ctaLabel: 'Email us',
  },
}
