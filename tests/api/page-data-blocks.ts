/** The JSON data blocks the server puts into the app's pages, read the way the app reads them. */
import { STARTUP_DATA_ELEMENT_ID } from '@registry/schemas/web/startup-data.ts';

function blockPattern(id: string): RegExp {
  return new RegExp(`\\s*<script type="application/json" id="${id}">(.*?)</script>\\s*`, 's');
}

/** The parsed content of the block with this id, or null when the page has none. */
export function pageDataBlock(html: string, id: string): unknown {
  const block = blockPattern(id).exec(html);
  return block ? (JSON.parse(block[1]) as unknown) : null;
}

/**
 * The page as built, without the start-up data every page of the app carries: the block goes
 * with the indentation the server adds before it and the line end after it.
 */
export function withoutStartupData(html: string): string {
  return html.replace(new RegExp(` {4}<script type="application/json" id="${STARTUP_DATA_ELEMENT_ID}">.*?</script>(\n {2}(?=</head>)|\n(?= {4}<))`, 's'), '');
}
