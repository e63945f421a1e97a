/**
 * The particle field behind the hero banner (SPEC §1: 50 particles, 60 fps): pure state and
 * motion so it can be tested without a canvas. Speeds are in pixels per 60 fps frame; a step
 * scales by the real elapsed time, so slower displays move the particles just as fast.
 */
export const PARTICLE_COUNT = 50;
export const TARGET_FPS = 60;
const FRAME_MS = 1000 / TARGET_FPS;
/** Particles closer than this are joined by a line. */
export const LINK_DISTANCE = 120;

export interface Particle {
  x: number;
  y: number;
  vx: number;
  vy: number;
  radius: number;
}

/** `random` is injectable for deterministic tests. */
/** After the page's `load` event, the still frame stays this long, then moves at the next idle moment. */
export const PARTICLES_START_DELAY_MS = 1000;

export function createParticles(width: number, height: number, count = PARTICLE_COUNT, random = Math.random): Particle[] {
  return Array.from({ length: count }, () => {
    const angle = random() * Math.PI * 2;
    const speed = 0.2 + random() * 0.5;
    return {
      x: random() * width,
      y: random() * height,
      vx: Math.cos(angle) * speed,
      vy: Math.sin(angle) * speed,
      radius: 1.5 + random() * 2,
    };
  });
}

/** Moves every particle by the elapsed time, bouncing off the edges. */
export function stepParticles(particles: Particle[], width: number, height: number, elapsedMs: number): void {
  // A long pause (tab hidden) must not teleport particles: cap at a few frames.
  const frames = Math.min(elapsedMs, FRAME_MS * 4) / FRAME_MS;
  for (const particle of particles) {
    particle.x += particle.vx * frames;
    particle.y += particle.vy * frames;
    if (particle.x < 0 || particle.x > width) {
      particle.vx = -particle.vx;
      particle.x = Math.min(Math.max(particle.x, 0), width);
    }
    if (particle.y < 0 || particle.y > height) {
      particle.vy = -particle.vy;
      particle.y = Math.min(Math.max(particle.y, 0), height);
    }
  }
}

export function drawParticles(context: CanvasRenderingContext2D, particles: Particle[], width: number, height: number): void {
  context.clearRect(0, 0, width, height);
  context.lineWidth = 1;
  for (let i = 0; i < particles.length; i += 1) {
    const a = particles[i];
    for (let j = i + 1; j < particles.length; j += 1) {
      const b = particles[j];
      const distance = Math.hypot(a.x - b.x, a.y - b.y);
      if (distance < LINK_DISTANCE) {
        context.strokeStyle = `rgba(255,255,255,${(0.22 * (1 - distance / LINK_DISTANCE)).toFixed(3)})`;
        context.beginPath();
        context.moveTo(a.x, a.y);
        context.lineTo(b.x, b.y);
        context.stroke();
      }
    }
  }
  context.fillStyle = 'rgba(255,255,255,0.55)';
  for (const particle of particles) {
    context.beginPath();
    context.arc(particle.x, particle.y, particle.radius, 0, Math.PI * 2);
    context.fill();
  }
}
