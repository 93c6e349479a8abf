// Copy for the landing page (/): hero, feature cards, the four-step journey and the two waitlist headings.
import { brand } from '../../shared/brand'
import type { IconName } from '../ui/icons'
import type { productLinks } from './navigation'
import type { Card, Step } from './types'

type ProductLabel = (typeof productLinks)[number]['label']

export const hero = {
  badge: `Launching ${brand.launch.season} on ${brand.launch.platform}`,
  title: 'A coach that learns who you are, then helps you move more',
  lead: `${brand.coachName} is an AI health and exercise coach that builds a plan around your goals, your schedule and your body, and keeps adjusting it as life happens. Join the waitlist for early access.`,
}

export const featuresIntro = {
  title: 'Coaching that fits the way you actually live',
  lead: `Most fitness apps hand you a program and hope it sticks. ${brand.coachName} starts by listening, and keeps listening.`,
}

export const features: Card[] = [
  {
    title: 'Starts with a conversation',
    icon: 'conversation',
    body: 'Before suggesting a single workout, your coach asks about your goals, your experience, your schedule and any injuries or limits. Your plan is built from your answers, not a template.',
  },
  {
    title: 'Remembers what matters',
    icon: 'memory',
    body: "Your coach keeps track of what you've told it: the sore shoulder, the early shifts, the race in October. You won't have to explain yourself twice.",
  },
  {
    title: 'Adapts to real life',
    icon: 'adapt',
    body: "Slept badly, traveling, or only have twenty minutes? Say so, and today's session changes to fit. A missed day is a reason to adjust, not to start over.",
  },
  {
    title: 'Check in by voice or text',
    icon: 'voice',
    body: 'Talk to your coach after a run or type a quick note between meetings. Check-ins take a minute and keep your plan honest.',
  },
  {
    title: 'Progress you can see',
    icon: 'progress',
    body: "Track workouts, consistency and how you feel over time. Clear summaries show what's working, so small wins are easy to notice.",
  },
  {
    title: 'Knows when to ease off',
    icon: 'rest',
    body: 'Rest is part of the plan. Your coach builds in recovery, scales back when you report pain or fatigue, and suggests seeing a professional when something needs more than coaching.',
  },
]

export const journey: { title: string; lead: string; steps: Step[] } = {
  title: 'Start your journey',
  lead: 'Getting started takes a few minutes. Staying with it is where your coach helps most.',
  steps: [
    {
      title: 'Join the waitlist',
      body: `Leave your email and we'll let you know as soon as ${brand.coachName} is ready on ${brand.launch.platform}.`,
    },
    {
      title: 'Have your intake conversation',
      body: 'Tell your coach about your goals, your routine and anything it should be careful with. It takes about ten minutes.',
    },
    {
      title: 'Get a plan made for you',
      body: 'Receive a weekly plan sized to the time and energy you really have, with clear guidance for every session.',
    },
    {
      title: 'Check in and keep going',
      body: "Share how each session went. Your coach adjusts the next one, and over the weeks you'll see the progress add up.",
    },
  ],
}

export const waitlistHero = {
  title: 'Get early access',
  lead: `Be among the first to try ${brand.coachName} when it launches in ${brand.launch.season}.`,
  /** Shown only to a visitor who came through a share link (/?ref=CODE). It never names the friend: the
   * code says nothing about them. */
  invited: "A friend invited you — join and you'll both be in line early.",
}

export const waitlistBottom = {
  title: 'Ready when you are',
  lead: "Join the waitlist and we'll email you when early access opens, with the occasional update before launch. No spam, and you can unsubscribe anytime.",
}

/** The products section: one line and one link per product (the links come from the navigation module). */
export const productsIntro = {
  title: `The ${brand.companyName} family`,
  lead: 'One coach at the centre, and focused tools beside it for the moments that need a closer look.',
}

export const productCards: { label: ProductLabel; icon: IconName; line: string; cta: string }[] = [
  {
    label: brand.coachName,
    icon: 'coach',
    line: `The AI health and exercise coach that plans around your life. Coming to ${brand.launch.platform} in ${brand.launch.season}.`,
    cta: 'Join the waitlist',
  },
  {
    label: brand.formProductName,
    icon: 'form',
    line: 'Real-time form feedback from your phone camera while you train.',
    cta: `Explore ${brand.formProductName}`,
  },
  {
    label: brand.kneeProductName,
    icon: 'knee',
    line: 'A gradual, guided program to build strength and confidence in your knees.',
    cta: `Explore ${brand.kneeProductName}`,
  },
  {
    label: brand.gymHeroName,
    icon: 'gymHero',
    line: 'A free beta that reviews your workout videos and sends back notes on your form.',
    cta: `Explore ${brand.gymHeroName}`,
  },
]

/** The conversation the hero's phone shows: the intake question, the visitor's reply, the adapted plan. */
export const coachConversation = {
  caption: `A first conversation with ${brand.coachName}`,
  appTitle: brand.coachName,
  appStatus: 'Your coach',
  messages: [
    { from: 'coach', text: 'Hi! Before we plan anything: what would you like the next three months to change for you?' },
    { from: 'visitor', text: "I'd like to run 5K without stopping. I only have mornings, and my left knee gets sore on stairs." },
    { from: 'coach', text: "Got it. Here's a first week that starts gently and goes easy on that knee:" },
  ] as { from: 'coach' | 'visitor'; text: string }[],
  plan: {
    title: 'Your week 1',
    sessions: [
      { day: 'Mon', name: 'Run-walk, 1 min on / 2 off', minutes: 20 },
      { day: 'Wed', name: 'Knee and hip strength', minutes: 15 },
      { day: 'Sat', name: 'Run-walk, 2 min on / 2 off', minutes: 25 },
    ],
    note: "I'll ask how the knee feels after each one.",
  },
  speakers: { coach: 'Coach', visitor: 'You' },
}
