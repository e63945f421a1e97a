/**
 * Width of a text as a chart's SVG draws it, measured by an off-screen SVG text of the same font
 * size (a canvas measure of the same font came out a fifth narrower than the SVG drew it, and a
 * fixed width per character misjudges a font's digits by a few pixels: enough to cut a label at
 * a chart's edge).
 */
let measuringText: SVGTextElement | null = null;

export function svgTextWidth(text: string, fontSize: number): number {
  if (!measuringText) {
    const svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
    svg.setAttribute('aria-hidden', 'true');
    svg.style.cssText = 'position:absolute;width:0;height:0;overflow:hidden;visibility:hidden';
    measuringText = document.createElementNS('http://www.w3.org/2000/svg', 'text');
    svg.appendChild(measuringText);
    document.body.appendChild(svg);
  }
  measuringText.setAttribute('font-size', String(fontSize));
  measuringText.textContent = text;
  return measuringText.getComputedTextLength();
}
