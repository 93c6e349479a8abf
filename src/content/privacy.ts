// The Privacy Policy shown at /legal#privacy-policy, and the Cookie Policy placeholder for /legal#cookie-policy.
import { otherValues, redactedValue, valuesKeptPerDay } from '../../shared/analytics'
import { brand } from '../../shared/brand'
import { questionRules } from '../../shared/questions'
import { inWords } from '../../shared/rules'
import type { LegalDocument } from './types'

export const cookiePolicyNotice = 'Cookie Policy coming soon!'

export const privacyPolicy: LegalDocument = {
  title: 'Privacy Policy',
  versions: [
    {
      date: 'December 3, 2026',
      changes:
        'Says in Section 12 that a value in the address you arrive at that looks like an email address or a phone number is never recorded, that each day keeps a bounded number of values of each kind, and that our backups never hold the daily salt; and, in Section 6, no longer claims access controls by role, which we do not have yet.',
    },
    {
      date: 'November 27, 2026',
      changes: 'Adds Section 12, how we count visits to our website, without cookies or storage on your device.',
    },
    {
      date: 'November 22, 2026',
      changes:
        'Describes the waitlist as it works since we ask you to confirm your address: the consent record we keep with each signup (Section 1); the confirmation email, and no news until you confirm (Section 2); that an unsubscribed signup is kept, marked as unsubscribed, unless you ask us to delete it (Section 5); and one-click unsubscribe and the data deletion page, after which we keep only a salted one-way hash of your address and joining again with it stores nothing (Section 11).',
    },
    { date: 'May 7, 2025', changes: 'First published.' },
  ],
  intro: [
    `${brand.legalName} ("${brand.companyName}," "we," "us" or "our") builds coaching tools that help people move more and feel better. Doing that well means handling information about you, including information about your health and fitness, and we take that responsibility seriously.`,
    `This Privacy Policy explains what we collect, how we use and share it, how long we keep it, and the choices and rights you have. It applies to our website, our early-access waitlist, and our apps and services, including ${brand.coachName}, ${brand.formProductName} and ${brand.kneeProductName} (together, the "Services"). ${brand.gymHeroName} is hosted on its own website, and the privacy information published there applies to it.`,
  ],
  sections: [
    {
      id: 'information-we-collect',
      heading: '1. Information We Collect',
      paragraphs: [
        'We collect only what we need to run the Services and coach you well.',
        'When you join the waitlist, we collect your email address, your first name if you choose to give it, and a note of where you signed up (for example, this website).',
        'With each signup we also keep a record of your consent, so that we can show what you agreed to and when: the time you signed up, the page you signed up on, the campaign that brought you if the address you arrived at named one (its utm_source, utm_medium and utm_campaign parameters), the origin of the site that linked to us (for example https://news.example.org, never the full address of the page you came from), the version of the wording the form showed you, and when you confirmed your address and, if you do, when you unsubscribed.',
        `After you confirm your address, we may ask you a few questions to choose who tries the app first, such as how far you run or which devices you have. Every question is optional, skipping them changes nothing about your place in line, and your answers are kept with the version of the question you answered. Some questions ask about your health (for example, pain when you run). We keep your answers to those only if you first say yes to a separate question that asks for your explicit consent; it is never pre-ticked, and saying no keeps your place. Those answers are encrypted in our database, never written to our logs or sent to other systems, and seen by our team only as counts, or one by one by the few team members (owners) who pick the first testers. You can take your consent back at any time from your place in line, and we delete those answers at once.`,
        'When you use our apps, we collect:',
      ],
      list: [
        'Account information, such as your name, email address, login details and subscription status.',
        'Health and fitness information you give us, such as your goals, activity level, schedule, injuries or physical limits, workouts, check-ins (by voice or text) and how you feel.',
        'Camera and movement data, such as the video frames and body-position data our form-analysis features use to give you feedback on your movement, if you choose to turn those features on.',
        'Device and usage information, such as device type, operating system, app version, crash reports, and how you interact with features.',
        'Communications, such as messages you send to our support team.',
      ],
    },
    {
      id: 'how-we-use-information',
      heading: '2. How We Use Information',
      paragraphs: ['We use the information we collect to:'],
      list: [
        'send you an email when you join the waitlist, with a link to confirm your address (if you join again before confirming, we send it again, at most once every 10 minutes); until you open that link and press its button, we send you no news;',
        'send waitlist members who have confirmed their address news about our launch and early access (we use waitlist email addresses only for this, and you can unsubscribe anytime);',
        'choose, from the answers you chose to give, who is invited to try the app first;',
        'create and manage your account and provide the Services;',
        'personalize your plan and coaching, remember context you have shared, and adapt your sessions over time;',
        'analyze your movement in real time and give you feedback on your form;',
        'show you your progress;',
        'keep the Services safe, secure and working, and fix problems;',
        'improve the Services, using aggregated or anonymized data wherever possible; and',
        'respond to your requests and comply with our legal obligations.',
      ],
    },
    {
      id: 'movement-and-video-data',
      heading: '3. Real-Time Movement and Video Data',
      paragraphs: [
        'Camera and movement data is processed in real time to give you feedback on your form. We do not store raw video or real-time movement data long-term. Once it has been used to produce your feedback, it is discarded, unless it has first been anonymized so that it can no longer be linked to you. We may use anonymized data to improve the accuracy of our models.',
        'The results of the analysis, such as a rep count or a note on your squat depth, may be saved to your account so you can track your progress. You can delete them at any time.',
        'You control camera access through your device settings and can turn it off whenever you like. The rest of the Services will keep working without it.',
      ],
    },
    {
      id: 'sharing',
      heading: '4. How We Share Information',
      paragraphs: [
        'We do not sell your personal data, and we do not share it for cross-context behavioral advertising.',
        'We share personal data only in these cases:',
      ],
      list: [
        'With service providers (processors) that help us run the Services, such as cloud hosting, email delivery, customer support, analytics and AI infrastructure providers. They may use your data only to provide services to us, under contracts that require them to protect it.',
        'When required by law, or when we believe in good faith that disclosure is needed to protect the rights, safety or property of you, other people or us.',
        'As part of a merger, acquisition, financing or sale of assets, in which case your data would remain protected by the commitments in this policy, and we would notify you before it became subject to a different privacy policy.',
        'With your consent or at your direction, for example if you choose to connect another app or service.',
      ],
    },
    {
      id: 'retention',
      heading: '5. How Long We Keep Information',
      paragraphs: [
        `We keep personal data only as long as we need it for the purposes described in this policy. Waitlist details are kept until you ask us to delete them, or until the waitlist is no longer needed; if you unsubscribe, we keep your signup and consent record (marked as unsubscribed) so we can show that you withdrew your consent and never email you again, unless you ask us to delete it. Account data is kept while your account is open and deleted within 90 days after you close it, except where we must keep certain records longer to meet legal, tax or accounting obligations or to resolve disputes. Raw camera and movement data is not kept long-term, as described in Section 3. Your answers to our questions are kept until you ask us to delete your data, except your answers about your health, which we delete ${inWords(questionRules.sensitiveAnswersKeptMs)} after you gave them, or at once when you take back your consent.`,
      ],
    },
    {
      id: 'security',
      heading: '6. Security',
      paragraphs: [
        'We use administrative, technical and physical safeguards designed to protect your data, including encryption in transit and at rest, sign-in to our waitlist console only by a single-use link emailed to a team member\'s address, a record of who signed in, exported or deleted data and when, and regular review of our practices. Every team member who can sign in to that console can see all waitlist data: we do not yet limit access by role. No system is perfectly secure, so we cannot guarantee absolute security, but we will notify you and the relevant authorities of a breach affecting your data as the law requires.',
      ],
    },
    {
      id: 'children',
      heading: "7. Children's Privacy",
      paragraphs: [
        `The Services are not intended for children under 13, and we do not knowingly collect personal data from them. Users between 13 and 18 (or the age of majority where they live) may use the Services only with a parent's or guardian's permission. If you believe a child under 13 has given us personal data, please contact ${brand.privacyEmail} and we will delete it.`,
      ],
    },
    {
      id: 'legal-bases',
      heading: '8. Legal Bases for Processing (EEA and UK)',
      paragraphs: [
        'If you live in the European Economic Area or the United Kingdom, the General Data Protection Regulation (GDPR) or the UK GDPR requires us to have a legal basis for using your personal data. We rely on:',
      ],
      list: [
        'Contract, to provide the Services you have asked for;',
        'Consent, to send waitlist and marketing emails and to process health and camera data (you can withdraw consent at any time, without affecting processing that took place before you did);',
        'Legitimate interests, to keep the Services secure and to improve them, where those interests are not overridden by your rights; and',
        'Legal obligation, where the law requires us to process or keep data.',
      ],
    },
    {
      id: 'eea-uk-rights',
      heading: '9. Your Rights in the EEA and the UK',
      paragraphs: [
        'You can always lodge a complaint with a data protection supervisory authority, in particular in the country where you live or work, though we would appreciate the chance to address your concern first. We are based in the United States; where we transfer your data outside the EEA or the UK, we use appropriate safeguards such as the Standard Contractual Clauses approved by the European Commission.',
        'Subject to the conditions set by law, you also have the right to:',
      ],
      list: [
        'access the personal data we hold about you and receive a copy;',
        'rectify personal data that is inaccurate or incomplete;',
        'erase your personal data;',
        'restrict how we process your personal data;',
        'receive your personal data in a structured, machine-readable format and have it transmitted to another service (data portability); and',
        'object to processing based on our legitimate interests, and to processing for direct marketing at any time.',
      ],
    },
    {
      id: 'california-rights',
      heading: '10. Rights of California Residents',
      paragraphs: [
        'If you live in California, the California Consumer Privacy Act, as amended by the California Privacy Rights Act (CCPA/CPRA), gives you the rights below. You may use an authorized agent to make a request on your behalf, and we will verify requests before acting on them.',
      ],
      list: [
        'Right to know what personal information we collect, use and disclose, and to access the specific pieces we hold about you;',
        'Right to delete personal information we have collected from you, subject to certain exceptions;',
        'Right to correct inaccurate personal information;',
        'Right to opt out of the sale or sharing of personal information (we do not sell or share personal information as the CCPA defines those terms);',
        'Right to limit the use and disclosure of sensitive personal information, such as health information, to what is necessary to provide the Services (we use it only for those purposes); and',
        'Right to non-discrimination: we will not deny you service, charge you a different price or give you a lower quality of service because you exercised your rights.',
      ],
    },
    {
      id: 'your-choices',
      heading: '11. Exercising Your Rights and Your Choices',
      paragraphs: [
        `Wherever you live, you can ask to access, correct, export or delete your personal data by writing to ${brand.privacyEmail}. We will respond within 30 days, or sooner where the law requires, and may ask for information to confirm your identity first.`,
        'You can unsubscribe from our emails at any time using the link at the bottom of each message: one click on its button (or your email app\'s own unsubscribe button) and we never email you again unless you join the waitlist anew. You can manage camera and microphone access in your device settings.',
        `To delete your waitlist signup, enter your email address on our data deletion page. We email that address a link; opening it and pressing its button deletes your signup, your consent record and every email we have queued for you. We give the same reply whether or not an address is on the waitlist, so the page reveals nothing about who has joined. Of a deleted address we keep only a salted one-way hash, which cannot be turned back into the address, so that we can make sure we never email it again. For the same reason, joining the waitlist again with a deleted address stores nothing; if you change your mind, write to us at ${brand.contactEmail} and we will add you back.`,
        'To see what we hold about you, enter your email address on our data copy page. We email that address a single-use link to a page that shows your signup, your consent record, the purposes you agreed to, the emails we sent you, your place in line and invitation, and whether your address is on our suppression list, with a JSON file to download. An address that is not on the waitlist gets an email saying we hold nothing about it.',
      ],
      links: [
        { before: 'To ask for it now, go to ', label: 'Delete my waitlist data', to: '/waitlist/erase', after: '.' },
        { before: 'To get a copy, go to ', label: 'Get a copy of my data', to: '/waitlist/copy', after: '.' },
      ],
    },
    {
      id: 'counting-visits',
      heading: '12. How We Count Visits to Our Website',
      paragraphs: [
        'Since November 27, 2026, we count visits to our website ourselves, on our own server, to learn which pages, sites and campaigns bring people to it and lead to signups. We use no cookie, no local storage or other storage on your device, and no fingerprinting, and nothing about visits goes to a third party.',
        'A visitor is a one-way hash of a random daily value (a "salt"), our website, your IP address and your browser\'s User-Agent. The salt is kept for one day, then destroyed: after that, nobody, not even us, can tell whose hash it was, and the next day you are a new visitor. Our backups never hold the salt, so a backup cannot be used to tell whose hash it was either. Your IP address and User-Agent are never stored or logged.',
        'If your browser sends Global Privacy Control (Sec-GPC: 1) or Do Not Track (DNT: 1), we do not count your visit.',
        'Raw page views are rolled up into daily counts and deleted after 2 days by default. If you join the waitlist during a visit, your signup is joined to the visit only by that day\'s hash, never to you.',
        `A value in the address you arrive at that looks like an email address or a phone number (such as utm_campaign=ann@example.com) is never recorded: it is counted as "${redactedValue}". Each day keeps at most ${valuesKeptPerDay.toLocaleString('en-US')} different values of each kind (pages, sites, campaigns and so on), those with the most visitors, and counts the rest together as "${otherValues}".`,
        'With that hash, we record for each page you view:',
      ],
      list: [
        'the page (its path, such as /about);',
        'the domain of the site that linked you to us, if any (never the page you came from);',
        'the UTM parameters of the address you arrived at (utm_source, utm_medium, utm_campaign, utm_content, utm_term);',
        'the ref code of a share link you arrived through, as a "referral";',
        'your device class, phone or desktop; and',
        'your country, only if a local database of IP address locations is installed on our server, which is off by default.',
      ],
    },
    {
      id: 'changes-to-policy',
      heading: '13. Changes to This Policy',
      paragraphs: [
        'We may update this Privacy Policy from time to time. If we make a material change, we will give you at least 30 days\' notice before it takes effect, by email or by a notice in the Services, and we will update the "Last updated" date above. Where the law requires your consent to a change, we will ask for it.',
      ],
    },
    {
      id: 'contact-privacy',
      heading: '14. Contact Us',
      paragraphs: [
        `${brand.legalName} is the controller of the personal data described in this policy. For privacy questions or requests, contact us at ${brand.privacyEmail}. For anything else, you can reach us at ${brand.contactEmail}.`,
      ],
    },
  ],
}
