// The Terms of Service shown at /legal. Section ids become anchors, so keep them stable.
import { brand } from '../../shared/brand'
import type { LegalDocument } from './types'

export const termsOfService: LegalDocument = {
  title: 'Terms of Service',
  versions: [
    {
      date: 'November 22, 2026',
      changes:
        'Section 4 now describes how the waitlist works since we ask you to confirm your address: joining sends one email with a confirmation link, and we write about launches only once you have confirmed; we keep a record of your consent; every email has a one-click unsubscribe; and you can ask us to delete your signup on our data deletion page, after which we keep only a salted one-way hash of your address.',
    },
    { date: 'May 7, 2025', changes: 'First published.' },
  ],
  intro: [
    `These Terms of Service ("Terms") govern your use of the ${brand.companyName} website, the early-access waitlist, and the apps and services we offer, including ${brand.coachName}, ${brand.formProductName}, ${brand.kneeProductName} and ${brand.gymHeroName} (together, the "Services"). The Services are provided by ${brand.legalName}, a Delaware public benefit corporation ("${brand.companyName}," "we," "us" or "our").`,
    'Please read these Terms carefully. By accessing or using the Services, you agree to be bound by them. If you do not agree, do not use the Services. Section 12 contains a binding arbitration agreement and a class-action waiver that affect how disputes between you and us are resolved.',
  ],
  sections: [
    {
      id: 'eligibility',
      heading: '1. Eligibility',
      paragraphs: [
        'You must be at least 13 years old to use the Services. If you are under 18, or under the age of majority where you live, you may use the Services only with the permission and supervision of a parent or legal guardian, who agrees to these Terms on your behalf and is responsible for your use of the Services.',
        'By using the Services, you confirm that you meet these requirements and that you are not barred from using them under any applicable law.',
      ],
    },
    {
      id: 'not-medical-advice',
      heading: '2. Not Medical Advice',
      paragraphs: [
        'The Services provide general fitness, exercise and wellness coaching. They are not a medical service, and nothing in the Services is medical advice, diagnosis or treatment. Our AI coach is not a doctor, physical therapist or other licensed health professional, and it does not replace one.',
        'Consult a qualified health professional before starting any exercise program, especially if you are pregnant, have a medical condition, are recovering from an injury or surgery, or take medication. Stop exercising and seek medical help if you feel pain, dizziness, shortness of breath or any other warning sign. Never disregard professional medical advice or delay seeking it because of something you read or heard in the Services.',
        'Physical activity carries an inherent risk of injury. You choose whether and how to follow any suggestion the Services make, and you participate at your own risk. If you think you may be having a medical emergency, call your local emergency number immediately.',
      ],
    },
    {
      id: 'accounts',
      heading: '3. Your Account',
      paragraphs: [
        'Some Services require an account. You agree to give accurate information, keep it up to date, and keep your login credentials confidential. You are responsible for all activity under your account. Tell us promptly at the address in Section 15 if you believe your account has been used without your permission.',
      ],
    },
    {
      id: 'waitlist',
      heading: '4. Early-Access Waitlist',
      paragraphs: [
        'Joining the waitlist does not create an account, guarantee access to any Service, or commit you to buy anything. When you join, we send you one email with a link to confirm your address; we write to you about launches and early access only once you have confirmed it, as described in our Privacy Policy, and we keep a record of your consent (when you joined and confirmed, the page and campaign you came from, the referring site\'s origin and the version of the wording you agreed to).',
        'Every email we send has a one-click unsubscribe link; once you use it, we never email you again unless you join the waitlist anew. You can also ask us to delete your signup at any time on our data deletion page (/waitlist/erase): we email you a link to confirm the deletion, and afterwards keep only a salted one-way hash of your address so that it is never mailed again.',
      ],
    },
    {
      id: 'subscriptions-and-pricing',
      heading: '5. Subscriptions, Fees and Pricing',
      paragraphs: [
        'Some Services may be offered free of charge, including during a beta, and some may require a paid subscription. Prices, billing periods and any free-trial terms will be shown before you buy. Purchases made through an app store are processed by that store and are also subject to its terms, including its refund policies.',
        'Paid subscriptions renew automatically until you cancel. You can cancel at any time through your app store account settings, and cancellation takes effect at the end of the current billing period.',
        'We may change our prices. If we raise the price of a subscription you already have, we will give you at least 30 days\' notice before the increase takes effect, and you may cancel before then if you do not wish to continue.',
      ],
    },
    {
      id: 'acceptable-use',
      heading: '6. Acceptable Use',
      paragraphs: ['You agree to use the Services lawfully and respectfully. You will not:'],
      list: [
        'use the Services in a way that violates any law or the rights of others;',
        'upload video or other content of another person without their consent, or content that is unlawful, harassing, hateful or sexually explicit;',
        'attempt to gain unauthorized access to the Services, other accounts, or our systems or networks;',
        'interfere with or disrupt the Services, including by introducing malware or placing an unreasonable load on our infrastructure;',
        'reverse engineer, decompile or attempt to extract the source code or models of the Services, except where the law expressly allows it;',
        'scrape, harvest or collect data from the Services by automated means without our written permission;',
        'resell, sublicense or commercially exploit the Services without our written permission; or',
        'impersonate any person or misrepresent your affiliation with any person or organization.',
      ],
    },
    {
      id: 'your-content',
      heading: '7. Your Content',
      paragraphs: [
        'You keep ownership of the information, messages, recordings and other content you provide to the Services ("Your Content"). You grant us a limited, worldwide, non-exclusive, royalty-free license to host, process and use Your Content only as needed to operate, provide and improve the Services for you, and as described in our Privacy Policy. This license ends when Your Content is deleted from our systems, except for copies we must keep by law or that have been anonymized.',
        'You are responsible for Your Content and confirm that you have the rights needed to share it with us.',
      ],
    },
    {
      id: 'intellectual-property',
      heading: '8. Our Intellectual Property',
      paragraphs: [
        `The Services, including their software, models, design, text, graphics and trademarks, are owned by ${brand.legalName} or its licensors and are protected by law. Subject to these Terms, we grant you a personal, limited, non-exclusive, non-transferable, revocable license to use the Services for your own non-commercial purposes. If you send us feedback or suggestions, we may use them without any obligation to you.`,
      ],
    },
    {
      id: 'third-party-services',
      heading: '9. Third-Party Services and Links',
      paragraphs: [
        'The Services may link to or work with websites, app stores and services that we do not control. We are not responsible for their content, policies or practices, and your use of them is governed by their own terms.',
      ],
    },
    {
      id: 'termination',
      heading: '10. Suspension and Termination',
      paragraphs: [
        'You may stop using the Services and delete your account at any time. We may suspend or terminate your access if you materially breach these Terms, if required by law, or if your use creates a risk of harm to you, other people or the Services. Where reasonable, we will tell you before we do so and explain why.',
        'Sections that by their nature should survive termination, including Sections 2, 7, 8, 11, 12, 13 and 14, will survive.',
      ],
    },
    {
      id: 'disclaimers-and-liability',
      heading: '11. Disclaimers and Limitation of Liability',
      paragraphs: [
        'THE SERVICES ARE PROVIDED "AS IS" AND "AS AVAILABLE." TO THE FULLEST EXTENT PERMITTED BY LAW, WE DISCLAIM ALL WARRANTIES, EXPRESS OR IMPLIED, INCLUDING WARRANTIES OF MERCHANTABILITY, FITNESS FOR A PARTICULAR PURPOSE, ACCURACY AND NON-INFRINGEMENT. WE DO NOT WARRANT THAT THE SERVICES WILL BE UNINTERRUPTED OR ERROR-FREE, THAT AI-GENERATED FEEDBACK WILL ALWAYS BE ACCURATE OR COMPLETE, OR THAT YOU WILL ACHIEVE ANY PARTICULAR FITNESS OR HEALTH RESULT.',
        `TO THE FULLEST EXTENT PERMITTED BY LAW, ${brand.legalName.toUpperCase()} AND ITS DIRECTORS, EMPLOYEES AND AGENTS WILL NOT BE LIABLE FOR ANY INDIRECT, INCIDENTAL, SPECIAL, CONSEQUENTIAL OR PUNITIVE DAMAGES, OR FOR ANY LOSS OF PROFITS, DATA OR GOODWILL, ARISING OUT OF OR RELATING TO THE SERVICES. OUR TOTAL LIABILITY FOR ALL CLAIMS RELATING TO THE SERVICES WILL NOT EXCEED THE GREATER OF THE AMOUNT YOU PAID US IN THE 12 MONTHS BEFORE THE CLAIM AROSE OR ONE HUNDRED U.S. DOLLARS ($100).`,
        'Some jurisdictions do not allow certain warranties or liabilities to be excluded or limited, so some of the above may not apply to you. Nothing in these Terms limits liability that cannot be limited by law, such as liability for gross negligence, willful misconduct, or death or personal injury caused by negligence where such limits are prohibited.',
      ],
    },
    {
      id: 'dispute-resolution',
      heading: '12. Dispute Resolution, Binding Arbitration and Class-Action Waiver',
      paragraphs: [
        `Before filing a claim, please contact us at ${brand.contactEmail} so we can try to resolve the dispute informally. If we cannot resolve it within 60 days, you and ${brand.companyName} agree that any dispute arising out of or relating to these Terms or the Services will be resolved by final and binding individual arbitration, not in court, except that either party may bring an individual claim in small-claims court or seek an injunction to protect intellectual property rights.`,
        'The arbitration will be administered by the American Arbitration Association under its Consumer Arbitration Rules, and may be conducted by video conference, by phone, or on written submissions. The arbitrator may award the same individual relief a court could. The Federal Arbitration Act governs this agreement to arbitrate.',
        'YOU AND WE EACH AGREE TO BRING CLAIMS ONLY IN AN INDIVIDUAL CAPACITY, AND NOT AS A PLAINTIFF OR CLASS MEMBER IN ANY PURPORTED CLASS, COLLECTIVE, CONSOLIDATED OR REPRESENTATIVE PROCEEDING. If this class-action waiver is found unenforceable for a particular claim, that claim will be decided by a court and not in arbitration.',
        `You may opt out of this arbitration agreement by emailing ${brand.contactEmail} with the subject line "Arbitration Opt-Out," including your name and the email address you use with the Services, within 30 days of first accepting these Terms. Opting out will not affect any other part of these Terms.`,
      ],
    },
    {
      id: 'governing-law',
      heading: '13. Governing Law',
      paragraphs: [
        'These Terms are governed by the laws of the State of Delaware, without regard to its conflict-of-law rules. Subject to Section 12, the state and federal courts located in Delaware have exclusive jurisdiction over any dispute not subject to arbitration, and you and we consent to their jurisdiction. If you are a consumer, this does not deprive you of any mandatory protection given by the law of the place where you live.',
      ],
    },
    {
      id: 'changes-to-terms',
      heading: '14. Changes to These Terms',
      paragraphs: [
        'We may update these Terms from time to time. If we make a material change to these Terms or to our Privacy Policy, we will give you at least 30 days\' notice before it takes effect, by email or by a notice in the Services, and we will update the "Last updated" date above. If you keep using the Services after a change takes effect, you accept the updated Terms. If you do not agree, stop using the Services and, if you have one, close your account.',
        'If any provision of these Terms is found unenforceable, the rest will remain in effect. Our failure to enforce a provision is not a waiver of it. These Terms, together with our Privacy Policy, are the entire agreement between you and us about the Services.',
      ],
    },
    {
      id: 'contact',
      heading: '15. Contact Us',
      paragraphs: [
        `If you have questions about these Terms, please contact ${brand.legalName} at ${brand.contactEmail}. For privacy questions or requests, write to ${brand.privacyEmail}.`,
      ],
    },
  ],
}
