/**
 * The relation graph drawn on a canvas (a collection's hundreds of members stay smooth where
 * an SVG of as many elements did not), with d3-zoom for zoom and pan by mouse, touch (pinch,
 * drag) and keyboard (arrows pan, + and - zoom, 0 fits the graph again). The record is larger
 * and outlined; labels keep a fixed screen size whatever the zoom, so zooming in reveals more
 * names instead of scaling them (graph-paint.ts). The view's state is useGraphView's.
 * A record is opened by clicking or tapping it; the relations table below offers the same links.
 */
import { Box, Button, HStack, Text } from '@chakra-ui/react';
import { useElementWidth } from '../kit/useElementWidth.ts';
import type { VisibleGraph } from './graph-view.ts';
import { useGraphView } from './useGraphView.ts';

const ZOOM_STEP = 1.3;
const PAN_STEP = 60;
const KEY_MOVES: Readonly<Record<string, [number, number]>> = {
  ArrowLeft: [PAN_STEP, 0],
  ArrowRight: [-PAN_STEP, 0],
  ArrowUp: [0, PAN_STEP],
  ArrowDown: [0, -PAN_STEP],
};

export function GraphCanvas({ graph, name, onOpen }: { graph: VisibleGraph; name: string; onOpen: (recordId: number) => void }) {
  const { ref: containerRef, width } = useElementWidth<HTMLDivElement>(900);
  const height = Math.round(Math.min(720, Math.max(380, width * 0.62)));
  const view = useGraphView(graph, width, height);
  const { hovered } = view;

  const ratio = typeof window === 'undefined' ? 1 : window.devicePixelRatio || 1;
  return (
    <Box>
      <HStack gap="2" mb="2" wrap="wrap">
        <Button size="sm" variant="outline" onClick={() => view.zoomBy(ZOOM_STEP)}>
          Zoom in
        </Button>
        <Button size="sm" variant="outline" onClick={() => view.zoomBy(1 / ZOOM_STEP)}>
          Zoom out
        </Button>
        <Button size="sm" variant="outline" onClick={view.fit}>
          Fit to view
        </Button>
        <Text fontSize="sm" color="gray.700" id="graph-help">
          Drag or use the arrow keys to move, scroll, pinch or press + and − to zoom, 0 to fit.
        </Text>
      </HStack>
      <Box ref={containerRef} position="relative" borderWidth="1px" borderRadius="md" bg="white" overflow="hidden">
        <canvas
          ref={view.canvasRef}
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
          onMouseMove={(event) => view.hoverAt(event.clientX, event.clientY)}
          onMouseLeave={view.clearHover}
          onClick={(event) => {
            const node = view.nodeAt(event.clientX, event.clientY);
            if (node) onOpen(node.recordId);
          }}
          onKeyDown={(event) => {
            const move = KEY_MOVES[event.key];
            if (move) view.panBy(...move);
            else if (event.key === '+' || event.key === '=') view.zoomBy(ZOOM_STEP);
            else if (event.key === '-' || event.key === '_') view.zoomBy(1 / ZOOM_STEP);
            else if (event.key === '0') view.fit();
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
