// Reads a request body as UTF-8 text, refusing to hold more than `maxBytes` of it in memory. The declared
// Content-Length is checked first, then the bytes actually received, since a chunked body declares nothing.

export type BodyText = { kind: 'text'; text: string } | { kind: 'too-large' } | { kind: 'not-utf8' }

export async function readBodyText(request: Request, maxBytes: number): Promise<BodyText> {
  const declared = Number(request.headers.get('content-length') ?? 0)
  if (declared > maxBytes) return { kind: 'too-large' }
  const chunks: Uint8Array[] = []
  let received = 0
  if (request.body) {
    const reader = request.body.getReader()
    for (;;) {
      const { done, value } = await reader.read()
      if (done) break
      received += value.byteLength
      if (received > maxBytes) {
        // Stop reading, but do not cancel: on Node that destroys the socket before the 413 can be sent.
        reader.releaseLock()
        return { kind: 'too-large' }
      }
      chunks.push(value)
    }
  }
  const bytes = new Uint8Array(received)
  let offset = 0
  for (const chunk of chunks) {
    bytes.set(chunk, offset)
    offset += chunk.byteLength
  }
  try {
    return { kind: 'text', text: new TextDecoder('utf-8', { fatal: true }).decode(bytes) }
  } catch {
    return { kind: 'not-utf8' }
  }
}
