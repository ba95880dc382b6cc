const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
}

/**
 * Text made safe inside HTML and its attributes, for the local stand-ins' viewers (the webhook
 * inspector, the ad platforms' viewer): everything they show came in a request, whatever was sent.
 */
export const html = (text: string) => text.replace(/[&<>"']/g, (c) => ENTITIES[c] ?? c)
