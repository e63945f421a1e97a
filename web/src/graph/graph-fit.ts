/**
 * Where the graph sits in its view: the scale and offset that show every node (zoom to the
 * bounds of the laid-out graph, with room for the labels drawn right of the nodes), and the
 * places a node's label may take, best first.
 */
export interface FitNode {
  x: number;
  y: number;
}

export interface ViewTransform {
  k: number;
  x: number;
  y: number;
}

/** Screen pixels kept free around the graph: the largest node drawn (the record, 14 px at up to 2×) fits in it. */
export const FIT_PADDING = 32;
/** Room on the right for the labels of the right-most nodes. */
export const LABEL_ROOM = 90;
/** A small graph is not blown up beyond this. */
const MAX_FIT_SCALE = 1.6;

/** The transform (screen = graph × k + offset) that puts every node inside `width` × `height`. */
export function fitToBounds(nodes: readonly FitNode[], width: number, height: number): ViewTransform {
  if (nodes.length === 0) return { k: 1, x: width / 2, y: height / 2 };
  let minX = Infinity;
  let maxX = -Infinity;
  let minY = Infinity;
  let maxY = -Infinity;
  for (const node of nodes) {
    minX = Math.min(minX, node.x);
    maxX = Math.max(maxX, node.x);
    minY = Math.min(minY, node.y);
    maxY = Math.max(maxY, node.y);
  }
  const roomX = Math.max(1, width - 2 * FIT_PADDING - LABEL_ROOM);
  const roomY = Math.max(1, height - 2 * FIT_PADDING);
  const k = Math.min(MAX_FIT_SCALE, roomX / Math.max(1, maxX - minX), roomY / Math.max(1, maxY - minY));
  return {
    k,
    x: FIT_PADDING + roomX / 2 - ((minX + maxX) / 2) * k,
    y: FIT_PADDING + roomY / 2 - ((minY + maxY) / 2) * k,
  };
}

export interface LabelBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * The boxes a label of `textWidth` × `textHeight` may take beside a node drawn at (x, y) with
 * `radius`: right, left, below, above. The text is drawn from the box's left edge, centred on its middle.
 */
export function labelPlaces(x: number, y: number, radius: number, textWidth: number, textHeight: number): LabelBox[] {
  const gap = 4;
  const middle = y - textHeight / 2;
  return [
    { x: x + radius + gap, y: middle, width: textWidth, height: textHeight },
    { x: x - radius - gap - textWidth, y: middle, width: textWidth, height: textHeight },
    { x: x - textWidth / 2, y: y + radius + gap, width: textWidth, height: textHeight },
    { x: x - textWidth / 2, y: y - radius - gap - textHeight, width: textWidth, height: textHeight },
  ];
}

/** Whether a box lies wholly inside a `width` × `height` view. */
export function insideView(box: LabelBox, width: number, height: number): boolean {
  return box.x >= 0 && box.y >= 0 && box.x + box.width <= width && box.y + box.height <= height;
}
