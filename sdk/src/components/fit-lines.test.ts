import { describe, expect, it } from 'vitest';
import { fitLines } from './fit-lines.ts';

describe('an SVG label’s lines', () => {
  it('wraps a label at spaces, cuts a word longer than a line, and ends a cut label with …', () => {
    expect(fitLines('Obstacle sensor fails')).toEqual(['Obstacle sensor', 'fails']);
    expect(fitLines('Window closes on an obstacle while moving up')).toEqual(['Window closes on', 'an obstacle while…']);
    expect(fitLines('Überlastschutzschaltungsausfall')).toEqual(['Überlastschutzscha', 'ltungsausfall']);
    expect(fitLines('Pump')).toEqual(['Pump']);
  });

  it('counts a Chinese character as two letters', () => {
    expect(fitLines('两个传感器同时失效导致车窗夹手')).toEqual(['两个传感器同时失效', '导致车窗夹手']);
    expect(fitLines('两个传感器同时失效导致车窗夹手的风险非常高')).toEqual(['两个传感器同时失效', '导致车窗夹手的风…']);
    // a comma stays at the end of its line rather than start the next
    expect(fitLines('关闭时未识别障碍物，玻璃未反转')).toEqual(['关闭时未识别障碍物，', '玻璃未反转']);
  });
});
