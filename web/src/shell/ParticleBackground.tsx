/**
 * Animated particles behind the hero, drawn on a canvas with requestAnimationFrame. The loop
 * stops while the hero is off-screen (IntersectionObserver) or the tab is hidden, and never
 * runs when the visitor prefers reduced motion (one still frame instead). It starts only once
 * the page has settled (after `load`, a short delay and an idle moment): a frame every 16 ms
 * competed with the first render of the page's content and made a search page's first results
 * appear up to half a second later on a small machine. `data-running` tells tests whether the
 * loop is active, `data-settled` whether the page has settled (the loop may start).
 */
import { useEffect, useRef } from 'react';
import { onFirstPaint } from '../kit/firstPaint.ts';
import { PARTICLES_START_DELAY_MS, createParticles, drawParticles, stepParticles, type Particle } from './particles.ts';

const IDLE_WAIT_LIMIT_MS = 1000;

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
    let settled = false;
    let settleTimer: ReturnType<typeof setTimeout> | undefined;
    let idleHandle: number | undefined;

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
      const shouldRun = settled && onScreen && !reducedMotion.matches && document.visibilityState === 'visible';
      const running = frame !== 0;
      if (shouldRun && !running) {
        last = 0;
        frame = requestAnimationFrame(tick);
      } else if (!shouldRun && running) {
        cancelAnimationFrame(frame);
        frame = 0;
      }
      canvas?.setAttribute('data-settled', String(settled));
      canvas?.setAttribute('data-running', String(shouldRun));
    }

    function settle() {
      settled = true;
      update();
    }
    function afterLoad() {
      settleTimer = setTimeout(() => {
        if (typeof window.requestIdleCallback === 'function') idleHandle = window.requestIdleCallback(settle, { timeout: IDLE_WAIT_LIMIT_MS });
        else settle();
      }, PARTICLES_START_DELAY_MS);
    }
    if (document.readyState === 'complete') afterLoad();
    else window.addEventListener('load', afterLoad, { once: true });

    const resizeObserver = new ResizeObserver(resize);
    const visibility = new IntersectionObserver((entries) => {
      onScreen = entries.some((entry) => entry.isIntersecting);
      update();
    });
    // Even the still frame waits for the page's first paint: sizing the canvas reads the layout.
    const cancelStart = onFirstPaint(() => {
      resize();
      resizeObserver.observe(canvas);
      visibility.observe(canvas);
      reducedMotion.addEventListener('change', update);
      document.addEventListener('visibilitychange', update);
      update();
    });

    return () => {
      cancelStart();
      cancelAnimationFrame(frame);
      frame = 0;
      window.removeEventListener('load', afterLoad);
      clearTimeout(settleTimer);
      if (idleHandle !== undefined) window.cancelIdleCallback(idleHandle);
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
      data-settled="false"
      data-running="false"
      style={{ position: 'absolute', inset: 0, width: '100%', height: '100%', pointerEvents: 'none' }}
    />
  );
}
