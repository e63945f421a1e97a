/**
 * Drawing the relation graph on a canvas: edges, nodes in one path per colour, the record
 * outlined, then labels at a fixed screen size (record first, then its neighbours, then the rest,
 * each right, left, below or above its node where it covers no label already drawn) and the
 * relation names where there is room. A drawing reports what it showed (PaintCounts).
 */
import { zoomIdentity, ZoomTransform } from 'd3-zoom';
import { fitToBounds, insideView, labelPlaces } from './graph-fit.ts';
import { registryColour, shortLabel, type LaidOutNode } from './graph-layout.ts';
import type { VisibleGraph } from './graph-view.ts';

const LABEL_FONT = '12px system-ui, -apple-system, "Segoe UI", Helvetica, Arial, sans-serif';
const ROOT_LABEL_FONT = 'bold 14px system-ui, -apple-system, "Segoe UI", Helvetica, Arial, sans-serif';
const EDGE_LABEL_FONT = '11px system-ui, -apple-system, "Segoe UI", Helvetica, Arial, sans-serif';
/** Occupancy grid for label placement, in CSS pixels. */
const CELL = 8;
const LABEL_HEIGHT = 18;
const textWidths = new Map<string, number>();

/** Label widths, measured once per font and text (measuring every label on every frame cost more than drawing). */
function measure(context: CanvasRenderingContext2D, font: string, text: string): number {
  const key = `${font}|${text}`;
  let width = textWidths.get(key);
  if (width === undefined) {
    width = context.measureText(text).width;
    textWidths.set(key, width);
  }
  return width;
}
type Box2 = { x: number; y: number; width: number; height: number };

/** Marks label boxes on a coarse grid; a box is placed only where no cell is taken yet. */
class LabelSpace {
  private readonly taken = new Set<number>();
  constructor(private readonly columns: number) {}

  private cells(box: Box2): number[] {
    const cells: number[] = [];
    for (let x = Math.floor(box.x / CELL); x <= Math.floor((box.x + box.width) / CELL); x += 1) {
      for (let y = Math.floor(box.y / CELL); y <= Math.floor((box.y + box.height) / CELL); y += 1) cells.push(y * this.columns + x);
    }
    return cells;
  }

  place(box: Box2): boolean {
    const cells = this.cells(box);
    if (cells.some((cell) => this.taken.has(cell))) return false;
    for (const cell of cells) this.taken.add(cell);
    return true;
  }
}

export function nodePriority(node: LaidOutNode): number {
  return node.isRoot ? 0 : node.depth;
}

/** What one drawing showed: nodes wholly inside the surface, the box around all nodes, and nodes named. */
export interface PaintCounts {
  inView: number;
  bounds: [number, number, number, number];
  labelled: number;
}

/** What a drawing shows: the relations, the nodes (record first), and the one under the pointer. */
export interface GraphScene {
  edges: VisibleGraph['edges'];
  orderedNodes: readonly LaidOutNode[];
  hovered: LaidOutNode | null;
}

/**
 * Draws the whole scene under transform `t` on a `width` × `height` (CSS pixels) surface;
 * `reduced` names the record alone and no relation (a big graph on the move).
 */
export function paintGraph(context: CanvasRenderingContext2D, scene: GraphScene, t: ZoomTransform, width: number, height: number, reduced: boolean): PaintCounts {
  const { edges, orderedNodes, hovered } = scene;
  const ratio = window.devicePixelRatio || 1;
  context.setTransform(ratio, 0, 0, ratio, 0, 0);
  context.clearRect(0, 0, width, height);
  const radiusScale = Math.min(2, Math.max(0.7, Math.sqrt(t.k)));
  const space = new LabelSpace(Math.ceil(width / CELL) + 1);

  context.lineWidth = 1.2;
  context.strokeStyle = '#9ca3af';
  context.beginPath();
  for (const edge of edges) {
    context.moveTo(t.applyX(edge.source.x), t.applyY(edge.source.y));
    context.lineTo(t.applyX(edge.target.x), t.applyY(edge.target.y));
  }
  context.stroke();

  // One path per colour: a collection's hundreds of members cost a few fills, not one each.
  const byColour = new Map<string, LaidOutNode[]>();
  for (const node of orderedNodes) {
    const colour = registryColour(node.registry);
    const group = byColour.get(colour);
    if (group) group.push(node);
    else byColour.set(colour, [node]);
  }
  const visible = (x: number, y: number, margin: number) => x >= -margin && y >= -margin && x <= width + margin && y <= height + margin;
  let inView = 0;
  const bounds: PaintCounts['bounds'] = [Infinity, Infinity, -Infinity, -Infinity];
  context.lineWidth = 1.5;
  context.strokeStyle = '#ffffff';
  for (const [colour, group] of byColour) {
    context.beginPath();
    for (const node of group) {
      const x = t.applyX(node.x);
      const y = t.applyY(node.y);
      const radius = node.radius * radiusScale;
      if (visible(x, y, -radius)) inView += 1;
      bounds[0] = Math.min(bounds[0], x - radius);
      bounds[1] = Math.min(bounds[1], y - radius);
      bounds[2] = Math.max(bounds[2], x + radius);
      bounds[3] = Math.max(bounds[3], y + radius);
      if (!visible(x, y, radius)) continue;
      context.moveTo(x + radius, y);
      context.arc(x, y, radius, 0, Math.PI * 2);
    }
    context.fillStyle = colour;
    context.fill();
    context.stroke();
  }
  for (const node of orderedNodes.filter((candidate) => candidate.isRoot || candidate === hovered)) {
    context.beginPath();
    context.arc(t.applyX(node.x), t.applyY(node.y), node.radius * radiusScale, 0, Math.PI * 2);
    context.lineWidth = 3;
    context.strokeStyle = '#111827';
    context.stroke();
  }

  context.textBaseline = 'middle';
  context.lineJoin = 'round';
  const toLabel = reduced ? orderedNodes.filter((node) => node.isRoot) : orderedNodes;
  let labelled = 0;
  for (const node of toLabel) {
    const x = t.applyX(node.x);
    const y = t.applyY(node.y);
    if (x < 0 || y < 0 || x > width || y > height) continue;
    const text = shortLabel(node.label);
    context.font = node.isRoot ? ROOT_LABEL_FONT : LABEL_FONT;
    const places = labelPlaces(x, y, node.radius * radiusScale, measure(context, context.font, text), LABEL_HEIGHT);
    // The record's label and the hovered one are always drawn; the others take the first free place in view.
    const forced = node.isRoot || node === hovered;
    const box = forced ? places[0] : places.find((place) => insideView(place, width, height) && space.place(place));
    if (!box) continue;
    if (forced) space.place(box);
    labelled += 1;
    const baseline = box.y + LABEL_HEIGHT / 2;
    context.lineWidth = 4;
    context.strokeStyle = 'rgba(255,255,255,0.9)';
    context.strokeText(text, box.x, baseline);
    context.fillStyle = '#111827';
    context.fillText(text, box.x, baseline);
  }

  // Relation names where there is room: always near the record, elsewhere once zoomed in.
  context.font = EDGE_LABEL_FONT;
  context.textAlign = 'center';
  for (const edge of reduced ? [] : edges) {
    if (!(edge.source.isRoot || edge.target.isRoot) && t.k < 1.4) continue;
    const x = t.applyX((edge.source.x + edge.target.x) / 2);
    const y = t.applyY((edge.source.y + edge.target.y) / 2);
    if (x < 0 || y < 0 || x > width || y > height) continue;
    const text = edge.label.replace(/_/g, ' ');
    const textWidth = measure(context, EDGE_LABEL_FONT, text);
    if (!space.place({ x: x - textWidth / 2, y: y - 8, width: textWidth, height: 16 })) continue;
    context.lineWidth = 3;
    context.strokeStyle = 'rgba(255,255,255,0.9)';
    context.strokeText(text, x, y);
    context.fillStyle = '#4b5563';
    context.fillText(text, x, y);
  }
  context.textAlign = 'start';
  return { inView, bounds, labelled };
}

export interface Snapshot {
  canvas: HTMLCanvasElement;
  /** The view's transform when it was drawn (the surface is offset by its margin). */
  transform: ZoomTransform;
}

/** Draws the scene around the view (a margin on each side) on an off-screen canvas, reused when it has one. */
export function paintSnapshot(
  reuse: HTMLCanvasElement | undefined,
  t: ZoomTransform,
  width: number,
  height: number,
  margin: number,
  paint: (context: CanvasRenderingContext2D, shifted: ZoomTransform, width: number, height: number) => void,
): Snapshot {
  const ratio = window.devicePixelRatio || 1;
  const canvas = reuse ?? document.createElement('canvas');
  const surfaceWidth = width + 2 * margin;
  const surfaceHeight = height + 2 * margin;
  if (canvas.width !== Math.round(surfaceWidth * ratio)) canvas.width = Math.round(surfaceWidth * ratio);
  if (canvas.height !== Math.round(surfaceHeight * ratio)) canvas.height = Math.round(surfaceHeight * ratio);
  const context = canvas.getContext('2d');
  if (context) paint(context, new ZoomTransform(t.k, t.x + margin, t.y + margin), surfaceWidth, surfaceHeight);
  return { canvas, transform: t };
}

export function fitTransform(nodes: readonly LaidOutNode[], width: number, height: number): ZoomTransform {
  const fit = fitToBounds(nodes, width, height);
  return zoomIdentity.translate(fit.x, fit.y).scale(fit.k);
}

