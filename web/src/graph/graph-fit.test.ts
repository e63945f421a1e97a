import { describe, expect, it } from 'vitest';
import { FIT_PADDING, fitToBounds, insideView, LABEL_ROOM, labelPlaces } from './graph-fit.ts';

const screen = (node: { x: number; y: number }, t: { k: number; x: number; y: number }) => ({ x: node.x * t.k + t.x, y: node.y * t.k + t.y });

describe('fitToBounds', () => {
  it('puts every node of a lopsided, far-flung graph inside the view, with the padding and the label room', () => {
    // The record at 0,0 and most of the graph far to one side, as a large collection lays out.
    const nodes = [{ x: 0, y: 0 }, { x: 9000, y: 400 }, { x: 4000, y: -2500 }, { x: -300, y: 3100 }];
    const t = fitToBounds(nodes, 900, 558);
    for (const node of nodes) {
      const point = screen(node, t);
      expect(point.x).toBeGreaterThanOrEqual(FIT_PADDING - 1e-9);
      expect(point.x).toBeLessThanOrEqual(900 - FIT_PADDING - LABEL_ROOM + 1e-9);
      expect(point.y).toBeGreaterThanOrEqual(FIT_PADDING - 1e-9);
      expect(point.y).toBeLessThanOrEqual(558 - FIT_PADDING + 1e-9);
    }
  });

  it('does not blow a small graph up, and centres it', () => {
    const t = fitToBounds([{ x: -10, y: 0 }, { x: 10, y: 0 }], 900, 558);
    expect(t.k).toBe(1.6);
    expect(screen({ x: 0, y: 0 }, t)).toEqual({ x: FIT_PADDING + (900 - 2 * FIT_PADDING - LABEL_ROOM) / 2, y: 279 });
  });

  it('centres a lone node', () => {
    expect(Number.isFinite(fitToBounds([{ x: 5, y: 5 }], 400, 380).k)).toBe(true);
  });
});

describe('labelPlaces', () => {
  it('offers right, left, below and above, each clear of the node', () => {
    const [right, left, below, above] = labelPlaces(100, 100, 8, 40, 18);
    expect(right.x).toBe(112);
    expect(left.x + left.width).toBe(88);
    expect(below.y).toBe(112);
    expect(above.y + above.height).toBe(88);
    expect(insideView(right, 200, 200)).toBe(true);
    expect(insideView(labelPlaces(190, 100, 8, 40, 18)[0], 200, 200)).toBe(false);
  });
});
