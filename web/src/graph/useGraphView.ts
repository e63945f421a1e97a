/**
 * The state of the relation graph's canvas: the view's transform driven by d3-zoom (mouse, touch
 * and the actions below), the record under the pointer, and drawing at most once a frame. It
 * first shows the whole graph (zoomed to its bounds). After each full drawing the canvas says how
 * many nodes are wholly in view, the screen box around all nodes and how many are named
 * (`data-nodes-in-view`, `data-node-bounds` as "left top right bottom", `data-labelled-nodes`), and
 * where the record is (`data-record-point`, "x y").
 */
import { quadtree, type Quadtree } from 'd3-quadtree';
import { select } from 'd3-selection';
import { zoom, zoomIdentity, type D3ZoomEvent, type ZoomBehavior, type ZoomTransform } from 'd3-zoom';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { fitTransform, nodePriority, paintGraph, paintSnapshot, type GraphScene, type Snapshot } from './graph-paint.ts';
import type { LaidOutNode } from './graph-layout.ts';
import type { VisibleGraph } from './graph-view.ts';

/** The zoom-out limit, lower still when the whole graph needs it. */
const MIN_ZOOM = 0.05;
/** Above this many records, labels other than the record's are left out while the graph moves. */
const BIG_GRAPH = 200;

export function useGraphView(graph: VisibleGraph, width: number, height: number) {
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
  const scene = useMemo<GraphScene>(() => ({ edges: graph.edges, orderedNodes, hovered }), [graph.edges, orderedNodes, hovered]);

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
      const counts = paintGraph(context, scene, t, width, height, false);
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
      paintGraph(context, scene, t, width, height, true);
      return;
    }
    let snapshot = snapshotRef.current;
    const margin = Math.round(Math.max(width, height) / 2);
    const outside = (shot: Snapshot) => Math.abs(t.x - shot.transform.x) > margin || Math.abs(t.y - shot.transform.y) > margin;
    if (!snapshot || snapshot.transform.k !== t.k || outside(snapshot)) {
      snapshot = paintSnapshot(snapshot?.canvas, t, width, height, margin, (surface, shifted, surfaceWidth, surfaceHeight) => paintGraph(surface, scene, shifted, surfaceWidth, surfaceHeight, false));
      snapshotRef.current = snapshot;
    }
    const ratio = window.devicePixelRatio || 1;
    context.setTransform(1, 0, 0, 1, 0, 0);
    context.clearRect(0, 0, canvas.width, canvas.height);
    context.drawImage(snapshot.canvas, Math.round((t.x - snapshot.transform.x - margin) * ratio), Math.round((t.y - snapshot.transform.y - margin) * ratio));
  }, [scene, orderedNodes, width, height]);

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

  /** The record drawn at a point of the page, if any. */
  const nodeAt = (clientX: number, clientY: number): LaidOutNode | null => {
    const canvas = canvasRef.current;
    if (!canvas) return null;
    const bounds = canvas.getBoundingClientRect();
    const t = transformRef.current;
    const [x, y] = t.invert([clientX - bounds.left, clientY - bounds.top]);
    return finder.find(x, y, 16 / t.k) ?? null;
  };
  /** Hover: no lookups while dragging, as each change of the hovered record re-renders. */
  const hoverAt = (clientX: number, clientY: number) => {
    if (movingRef.current) return;
    const node = nodeAt(clientX, clientY);
    if (node !== hovered) setHovered(node);
  };

  const act = (change: (behaviour: ZoomBehavior<HTMLCanvasElement, unknown>, selection: ReturnType<typeof select<HTMLCanvasElement, unknown>>) => void) => {
    const canvas = canvasRef.current;
    if (!canvas || !zoomRef.current) return;
    change(zoomRef.current, select(canvas));
  };
  const zoomBy = (factor: number) => act((behaviour, selection) => behaviour.scaleBy(selection, factor));
  const fit = () => act((behaviour, selection) => behaviour.transform(selection, fitTransform(graph.nodes, width, height)));
  const panBy = (dx: number, dy: number) => act((behaviour, selection) => behaviour.translateBy(selection, dx / transformRef.current.k, dy / transformRef.current.k));

  return { canvasRef, hovered, hoverAt, clearHover: () => setHovered(null), nodeAt, zoomBy, fit, panBy };
}
