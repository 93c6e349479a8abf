import { Link } from '@tanstack/react-router'
import type { LegalDocument as LegalDocumentContent } from '../content/types'

// A document shows when its text last changed and when it was first published at the top, and ends with its
// versions and what each changed: a change of wording never hides the dates the company published before.
// (The history's heading names its document: /legal holds all three, and two regions may not share a name.)
export function LegalDocument({ document, id, hidden }: { document: LegalDocumentContent; id: string; hidden?: boolean }) {
  const current = document.versions[0]
  const first = document.versions[document.versions.length - 1]!
  return (
    <article id={id} aria-labelledby={`${id}-title`} className="legal-document" hidden={hidden}>
      <h1 id={`${id}-title`}>{document.title}</h1>
      <p>
        <em>Last updated {current.date}</em>
        {first !== current && ` (first published ${first.date}; the version history is at the end)`}
      </p>
      {document.intro.map((paragraph) => (
        <p key={paragraph}>{paragraph}</p>
      ))}
      {document.sections.map((section) => (
        <section key={section.id} id={`${id}-${section.id}`} aria-labelledby={`${id}-${section.id}-title`}>
          <h2 id={`${id}-${section.id}-title`}>{section.heading}</h2>
          {section.paragraphs.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
          {section.list && (
            <ul>
              {section.list.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          )}
          {section.links?.map((link) => (
            <p key={link.to}>
              {link.before}
              <Link to={link.to}>{link.label}</Link>
              {link.after}
            </p>
          ))}
        </section>
      ))}
      <section id={`${id}-versions`} aria-labelledby={`${id}-versions-title`}>
        <h2 id={`${id}-versions-title`}>Version history of the {document.title}</h2>
        <ul>
          {document.versions.map((version) => (
            <li key={version.date}>
              <strong>{version.date}</strong>
              {version === current && ' (this version)'}: {version.changes}
            </li>
          ))}
        </ul>
      </section>
    </article>
  )
}
