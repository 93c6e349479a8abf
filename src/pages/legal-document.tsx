import { Link } from '@tanstack/react-router'
import type { LegalDocument as LegalDocumentContent } from '../content/types'

export function LegalDocument({ document, id, hidden }: { document: LegalDocumentContent; id: string; hidden?: boolean }) {
  return (
    <article id={id} aria-labelledby={`${id}-title`} className="legal-document" hidden={hidden}>
      <h1 id={`${id}-title`}>{document.title}</h1>
      <p>
        <em>Last updated {document.lastUpdated}</em>
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
    </article>
  )
}
