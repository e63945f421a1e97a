/**
 * Animated particles behind the hero, drawn on a canvas with requestAnimationFrame. The loop
 * stops while the hero is off-screen (IntersectionObserver) or the tab is hidden, and never
 * runs when the visitor prefers reduced motion (one still frame instead). `data-running` tells
 * tests whether the loop is active.
 */
import { useEffect, useRef } from 'react';
import { createParticles, drawParticles, stepParticles, type Particle } from './particles.ts';

export function ParticleBackground() {
  const canvasRef = useRef<HTMLCanvasElement>(null);

  useEffect(() => {
    const canvas = canvasRef.current;
    const context = canvas?.getContext('2d');
    if (!canvas || !context) return;

    const reducedMotion = window.matchMedia('(prefers-reduced-motion: reduce)');
    let width = 0;
    let height = 0;
    let particles: Particle[] = [];
    let frame = 0;
    let last = 0;
    let onScreen = true;

    function resize() {
      if (!canvas || !context) return;
      const ratio = window.devicePixelRatio || 1;
      const rect = canvas.getBoundingClientRect();
      // Keep the particles spread over the whole banner when its size changes.
      if (particles.length > 0 && width > 0 && height > 0) {
        for (const particle of particles) {
          particle.x *= rect.width / width;
          particle.y *= rect.height / height;
        }
      }
      width = rect.width;
      height = rect.height;
      canvas.width = Math.round(width * ratio);
      canvas.height = Math.round(height * ratio);
      context.setTransform(ratio, 0, 0, ratio, 0, 0);
      if (particles.length === 0) particles = createParticles(width, height);
      drawParticles(context, particles, width, height);
    }

    function tick(now: number) {
      if (!context) return;
      stepParticles(particles, width, height, last ? now - last : 0);
      last = now;
      drawParticles(context, particles, width, height);
      frame = requestAnimationFrame(tick);
    }

    function update() {
      const shouldRun = onScreen && !reducedMotion.matches && document.visibilityState === 'visible';
      const running = frame !== 0;
      if (shouldRun && !running) {
        last = 0;
        frame = requestAnimationFrame(tick);
      } else if (!shouldRun && running) {
        cancelAnimationFrame(frame);
        frame = 0;
      }
      canvas?.setAttribute('data-running', String(shouldRun));
    }

    resize();
    const resizeObserver = new ResizeObserver(resize);
    resizeObserver.observe(canvas);
    const visibility = new IntersectionObserver((entries) => {
      onScreen = entries.some((entry) => entry.isIntersecting);
      update();
    });
    visibility.observe(canvas);
    reducedMotion.addEventListener('change', update);
    document.addEventListener('visibilitychange', update);
    update();

    return () => {
      cancelAnimationFrame(frame);
      frame = 0;
      resizeObserver.disconnect();
      visibility.disconnect();
      reducedMotion.removeEventListener('change', update);
      document.removeEventListener('visibilitychange', update);
    };
  }, []);

  return (
    <canvas
      ref={canvasRef}
      aria-hidden="true"
      data-testid="hero-particles"
      style={{ position: 'absolute', inset: 0, width: '100%', height: '100%', pointerEvents: 'none' }}
    />
  );
}
