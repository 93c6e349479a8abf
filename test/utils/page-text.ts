// What a visitor reads on a page the endpoint serves (the invitation's, the place in line's): its words, without
// its tags, script and style, with the entities React writes for ' and & read back, and runs of space as one.
export const pageText = (html: string) =>
  html
    .replace(/<(script|style)[\s\S]*?<\/\1>/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
