import { describe, expect, it } from 'vitest';
import { EndpointLanes, endpointOf } from './webhook-lanes.ts';

describe('endpoint lanes', () => {
  it('keys a lane on the URL parser’s host and port', () => {
    expect(endpointOf('http://Receiver.Example:8080/a?b')).toBe('receiver.example:8080');
    expect(endpointOf('https://receiver.example/other')).toBe('receiver.example');
  });

  it('lets one job at a time into an endpoint’s lane; other endpoints are free', () => {
    const lanes = new EndpointLanes();
    expect(lanes.enter('slow.example', 'a')).toBe(true);
    expect(lanes.busy('slow.example')).toBe(true);
    expect(lanes.enter('slow.example', 'b')).toBe(false);
    expect(lanes.enter('fast.example', 'c')).toBe(true);
    lanes.leave('slow.example', 'a', 10_000);
    expect(lanes.busy('slow.example')).toBe(false);
    expect(lanes.enter('slow.example', 'b')).toBe(true);
  });

  it('parks a job for about its place in the lane times the endpoint’s last send, within 250 ms and 60 s', () => {
    const lanes = new EndpointLanes();
    lanes.enter('slow.example', 'a');
    lanes.leave('slow.example', 'a', 10_000);
    lanes.enter('slow.example', 'a');
    const waits = ['b', 'c', 'd', 'e', 'f', 'g', 'h'].map((job) => lanes.park('slow.example', job));
    expect(waits[0]).toBeGreaterThanOrEqual(10_000);
    expect(waits[0]).toBeLessThanOrEqual(11_000);
    expect(waits[1]).toBeGreaterThanOrEqual(20_000);
    expect(waits.at(-1)).toBeLessThanOrEqual(66_000);
    // A job back from parking that finds the lane still taken goes to the end of the line.
    expect(lanes.enter('slow.example', 'b')).toBe(false);
    expect(lanes.park('slow.example', 'b')).toBeGreaterThanOrEqual(60_000);
    const quick = new EndpointLanes();
    quick.enter('quick.example', 'x');
    quick.leave('quick.example', 'x', 5);
    quick.enter('quick.example', 'x');
    expect(quick.park('quick.example', 'y')).toBeGreaterThanOrEqual(250);
  });
});
