import { describe, expect, it } from 'vitest';
import { PARTICLE_COUNT, createParticles, stepParticles } from './particles.ts';

function seeded(seed: number) {
  let state = seed;
  return () => {
    state = (state * 16807) % 2147483647;
    return state / 2147483647;
  };
}

describe('particles', () => {
  it('creates 50 particles inside the banner', () => {
    const particles = createParticles(800, 300, undefined, seeded(7));
    expect(particles).toHaveLength(PARTICLE_COUNT);
    expect(particles.every((p) => p.x >= 0 && p.x <= 800 && p.y >= 0 && p.y <= 300)).toBe(true);
  });

  it('moves by the elapsed time (one 60 fps frame = one velocity step) and bounces off edges', () => {
    const particle = { x: 10, y: 6, vx: 1, vy: -2, radius: 2 };
    stepParticles([particle], 100, 100, 1000 / 60);
    expect(particle.x).toBeCloseTo(11);
    expect(particle.y).toBeCloseTo(4);
    stepParticles([particle], 100, 100, (1000 / 60) * 4);
    expect(particle.y).toBe(0);
    expect(particle.vy).toBe(2);
  });

  it('does not jump after a long pause', () => {
    const particle = { x: 50, y: 50, vx: 1, vy: 0, radius: 2 };
    stepParticles([particle], 1000, 1000, 60_000);
    expect(particle.x).toBeCloseTo(54);
  });
});
