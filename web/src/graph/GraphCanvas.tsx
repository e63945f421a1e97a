/**
 * The relation graph drawn on a canvas (a collection's hundreds of members stay smooth where
 * an SVG of as many elements did not), with d3-zoom for zoom and pan by mouse, touch (pinch,
 * drag) and keyboard (arrows pan, + and - zoom, 0 fits the graph again). It first shows the
 * whole graph (zoomed to its bounds); the record is larger and outlined. Labels are drawn at a
 * fixed screen size whatever the zoom, record first, then its neighbours, then the rest, each
 * right, left, below or above its node where it covers no label already drawn, so zooming in
 * reveals more names instead of scaling them. After each full drawing the canvas says how many
 * nodes are wholly in view, the screen box around all nodes and how many are named
 * (`data-nodes-in-view`, `data-node-bounds` as "left top right bottom", `data-labelled-nodes`), and
 * where the record is (`data-record-point`, "x y").
 * A record is opened by clicking or tapping it; the relations table below offers the same links.
 */
import { Box, Button, HStack, Text } from '@chakra-ui/react';
import { quadtree, type Quadtree } from 'd3-quadtree';
import { select } from 'd3-selection';
import { zoom, zoomIdentity, ZoomTransform, type D3ZoomEvent, type ZoomBehavior } from 'd3-zoom';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useElementWidth } from '../kit/useElementWidth.ts';
import { fitToBounds, insideView, labelPlaces } from './graph-fit.ts';
import { registryColour, shortLabel, type LaidOutNode } from './graph-layout.ts';
import type { VisibleGraph } from './graph-view.ts';

const LABEL_FONT = '12px system-ui, -apple-system, "Segoe UI", Helvetica, Arial, sans-serif';
const ROOT_LABEL_FONT = 'bold 14px system-ui, -apple-system, "Segoe UI", Helvetica, Arial, sans-serif';
const EDGE_LABEL_FONT = '11px system-ui, -apple-system, "Segoe UI", Helvetica, Arial, sans-serif';
/** Occupancy grid for label placement, in CSS pixels. */
const CELL = 8;
const PAN_STEP = 60;
const LABEL_HEIGHT = 18;
/** The zoom-out limit, lower still when the whole graph needs it. */
const MIN_ZOOM = 0.05;
/** Above this many records, labels other than the record's are left out while the graph moves. */
const BIG_GRAPH = 200;

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
const ZOOM_STEP = 1.3;

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

function nodePriority(node: LaidOutNode): number {
  return node.isRoot ? 0 : node.depth;
}

interface Snapshot {
  canvas: HTMLCanvasElement;
  /** The view's transform when it was drawn (the surface is offset by its margin). */
  transform: ZoomTransform;
}

/** Draws the scene around the view (a margin on each side) on an off-screen canvas, reused when it has one. */
function paintSnapshot(
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

function fitTransform(nodes: readonly LaidOutNode[], width: number, height: number): ZoomTransform {
  const fit = fitToBounds(nodes, width, height);
  return zoomIdentity.translate(fit.x, fit.y).scale(fit.k);
}

/** What one drawing showed: nodes wholly inside the surface, the box around all nodes, and nodes named. */
interface PaintCounts {
  inView: number;
  bounds: [number, number, number, number];
  labelled: number;
}

export function GraphCanvas({ graph, name, onOpen }: { graph: VisibleGraph; name: string; onOpen: (recordId: number) => void }) {
  const { ref: containerRef, width } = useElementWidth<HTMLDivElement>(900);
  const height = Math.round(Math.min(720, Math.max(380, width * 0.62)));
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const transformRef = useRef<ZoomTransform>(zoomIdentity);
  const zoomRef = useRef<ZoomBehavior<HTMLCanvasElement, unknown> | null>(null);
  const frameRef = useRef(0);
  const movingRef = useRef(false);
  const [hovered, setHovered] = useState<LaidOutNode | null>(null);

  const finder = useMemo<Quadtree<LaidOutNode>>(
    () =>
      quadtree<LaidOutNode>()
        .x((node) => node.x)
        .y((node) => node.y)
        .addAll([...graph.nodes]),
    [graph.nodes],
  );
  const orderedNodes = useMemo(() => [...graph.nodes].sort((a, b) => nodePriority(a) - nodePriority(b)), [graph.nodes]);

  /** Draws the whole scene under transform `t` on a `width` × `height` (CSS pixels) surface. */
  const paint = useCallback((context: CanvasRenderingContext2D, t: ZoomTransform, width: number, height: number, reduced: boolean): PaintCounts => {
    const ratio = window.devicePixelRatio || 1;
    context.setTransform(ratio, 0, 0, ratio, 0, 0);
    context.clearRect(0, 0, width, height);
    const radiusScale = Math.min(2, Math.max(0.7, Math.sqrt(t.k)));
    const space = new LabelSpace(Math.ceil(width / CELL) + 1);

    context.lineWidth = 1.2;
    context.strokeStyle = '#9ca3af';
    context.beginPath();
    for (const edge of graph.edges) {
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
    for (const edge of reduced ? [] : graph.edges) {
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
  }, [graph.edges, orderedNodes, hovered]);

  const snapshotRef = useRef<Snapshot | null>(null);
  /** The zoom scale when the current gesture started: a drag keeps it, a zoom changes it. */
  const gestureScaleRef = useRef(1);

  const draw = useCallback(() => {
    frameRef.current = 0;
    const canvas = canvasRef.current;
    const context = canvas?.getContext('2d');
    if (!canvas || !context) return;
    const t = transformRef.current;
    if (!movingRef.current || orderedNodes.length <= BIG_GRAPH) {
      snapshotRef.current = null;
      const counts = paint(context, t, width, height, false);
      canvas.dataset.nodesInView = String(counts.inView);
      canvas.dataset.nodeBounds = counts.bounds.map(Math.round).join(' ');
      const record = orderedNodes.find((node) => node.isRoot);
      if (record) canvas.dataset.recordPoint = `${Math.round(t.applyX(record.x))} ${Math.round(t.applyY(record.y))}`;
      canvas.dataset.labelledNodes = String(counts.labelled);
      return;
    }
    // A big graph on the move. While it zooms only the record is named (labels cost more than
    // the drawing). While it is dragged, the scene is drawn once, labels and all, on a surface
    // with a margin around the view, and each frame only copies it to its new place; a drag past
    // the margin draws it again. Everything returns at full detail when the gesture ends.
    if (t.k !== gestureScaleRef.current) {
      paint(context, t, width, height, true);
      return;
    }
    let snapshot = snapshotRef.current;
    const margin = Math.round(Math.max(width, height) / 2);
    const outside = (shot: Snapshot) => Math.abs(t.x - shot.transform.x) > margin || Math.abs(t.y - shot.transform.y) > margin;
    if (!snapshot || snapshot.transform.k !== t.k || outside(snapshot)) {
      snapshot = paintSnapshot(snapshot?.canvas, t, width, height, margin, (surface, shifted, surfaceWidth, surfaceHeight) => paint(surface, shifted, surfaceWidth, surfaceHeight, false));
      snapshotRef.current = snapshot;
    }
    const ratio = window.devicePixelRatio || 1;
    context.setTransform(1, 0, 0, 1, 0, 0);
    context.clearRect(0, 0, canvas.width, canvas.height);
    context.drawImage(snapshot.canvas, Math.round((t.x - snapshot.transform.x - margin) * ratio), Math.round((t.y - snapshot.transform.y - margin) * ratio));
  }, [paint, orderedNodes.length, width, height]);

  // Zoom events ask for a frame; the frame draws with whatever is current then.
  const drawRef = useRef(draw);
  const requestDraw = useCallback(() => {
    if (!frameRef.current) frameRef.current = requestAnimationFrame(() => drawRef.current());
  }, []);

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return undefined;
    const fit = fitTransform(graph.nodes, width, height);
    const behaviour = zoom<HTMLCanvasElement, unknown>()
      .scaleExtent([Math.min(MIN_ZOOM, fit.k), 12])
      .on('start', () => {
        movingRef.current = true;
        gestureScaleRef.current = transformRef.current.k;
      })
      .on('zoom', (event: D3ZoomEvent<HTMLCanvasElement, unknown>) => {
        transformRef.current = event.transform;
        requestDraw();
      })
      .on('end', () => {
        movingRef.current = false;
        requestDraw();
      });
    zoomRef.current = behaviour;
    const selection = select(canvas);
    selection.call(behaviour);
    selection.call(behaviour.transform, fit);
    return () => {
      selection.on('.zoom', null);
    };
    // The fit is taken again when the graph or the size changes, not on every draw.
  }, [graph.nodes, width, height, requestDraw]);

  useEffect(() => {
    drawRef.current = draw;
    requestDraw();
  }, [draw, requestDraw]);

  useEffect(
    () => () => {
      if (frameRef.current) cancelAnimationFrame(frameRef.current);
      frameRef.current = 0;
    },
    [],
  );

  const nodeAt = (clientX: number, clientY: number): LaidOutNode | null => {
    const canvas = canvasRef.current;
    if (!canvas) return null;
    const bounds = canvas.getBoundingClientRect();
    const t = transformRef.current;
    const [x, y] = t.invert([clientX - bounds.left, clientY - bounds.top]);
    const node = finder.find(x, y, 16 / t.k);
    return node ?? null;
  };

  const act = (change: (behaviour: ZoomBehavior<HTMLCanvasElement, unknown>, selection: ReturnType<typeof select<HTMLCanvasElement, unknown>>) => void) => {
    const canvas = canvasRef.current;
    if (!canvas || !zoomRef.current) return;
    change(zoomRef.current, select(canvas));
  };
  const zoomBy = (factor: number) => act((behaviour, selection) => behaviour.scaleBy(selection, factor));
  const fit = () => act((behaviour, selection) => behaviour.transform(selection, fitTransform(graph.nodes, width, height)));
  const panBy = (dx: number, dy: number) => act((behaviour, selection) => behaviour.translateBy(selection, dx / transformRef.current.k, dy / transformRef.current.k));

  const ratio = typeof window === 'undefined' ? 1 : window.devicePixelRatio || 1;
  return (
    <Box>
      <HStack gap="2" mb="2" wrap="wrap">
        <Button size="sm" variant="outline" onClick={() => zoomBy(ZOOM_STEP)}>
          Zoom in
        </Button>
        <Button size="sm" variant="outline" onClick={() => zoomBy(1 / ZOOM_STEP)}>
          Zoom out
        </Button>
        <Button size="sm" variant="outline" onClick={fit}>
          Fit to view
        </Button>
        <Text fontSize="sm" color="gray.700" id="graph-help">
          Drag or use the arrow keys to move, scroll, pinch or press + and − to zoom, 0 to fit.
        </Text>
      </HStack>
      <Box ref={containerRef} position="relative" borderWidth="1px" borderRadius="md" bg="white" overflow="hidden">
        <canvas
          ref={canvasRef}
          width={Math.round(width * ratio)}
          height={Math.round(height * ratio)}
          style={{ width: `${width}px`, height: `${height}px`, display: 'block', touchAction: 'none', cursor: hovered ? 'pointer' : 'grab' }}
          tabIndex={0}
          role="img"
          aria-label={`Relation graph of ${name}: ${graph.nodes.length} records and ${graph.edges.length} relations, listed in the table below`}
          aria-describedby="graph-help"
          data-testid="relation-graph"
          data-node-count={graph.nodes.length}
          data-edge-count={graph.edges.length}
          onMouseMove={(event) => {
            // No hover lookups while dragging: each change of the hovered record re-renders.
            if (movingRef.current) return;
            const node = nodeAt(event.clientX, event.clientY);
            if (node !== hovered) setHovered(node);
          }}
          onMouseLeave={() => setHovered(null)}
          onClick={(event) => {
            const node = nodeAt(event.clientX, event.clientY);
            if (node) onOpen(node.recordId);
          }}
          onKeyDown={(event) => {
            const moves: Record<string, [number, number]> = {
              ArrowLeft: [PAN_STEP, 0],
              ArrowRight: [-PAN_STEP, 0],
              ArrowUp: [0, PAN_STEP],
              ArrowDown: [0, -PAN_STEP],
            };
            if (event.key in moves) panBy(...moves[event.key]);
            else if (event.key === '+' || event.key === '=') zoomBy(ZOOM_STEP);
            else if (event.key === '-' || event.key === '_') zoomBy(1 / ZOOM_STEP);
            else if (event.key === '0') fit();
            else return;
            event.preventDefault();
          }}
        />
        {hovered ? (
          <Box position="absolute" left="2" bottom="2" bg="white" borderWidth="1px" rounded="md" px="2" py="1" fontSize="sm" pointerEvents="none" maxW="90%">
            {hovered.label} ({hovered.registry})
          </Box>
        ) : null}
      </Box>
    </Box>
  );
}
