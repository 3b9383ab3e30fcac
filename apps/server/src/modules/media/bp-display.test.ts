import { describe, expect, it } from 'vitest';
import type { OcrBox } from '../../ocr/types.ts';
import { parseBpBoxes, voteBp } from './bp-display.ts';

const box = (text: string, y: number, height: number): OcrBox => ({ text, x: 100, y, width: 200, height, confidence: 0.9 });
/** What the OCR gives for a meter showing 128/82, pulse 71 (labels small, numbers large). */
const meter = (sys: string, dia: string, pul: string): OcrBox[] => [
  box('电子血压计', 20, 28), box('SYS', 60, 30), box('mmHg', 95, 20), box(sys, 40, 190),
  box('DIA', 260, 30), box('mmHg', 295, 20), box(dia, 240, 200), box('PUL', 460, 30), box(`/min ${pul}`, 450, 130), box('START', 700, 28),
];

describe('parseBpBoxes: the large numbers top to bottom are systolic, diastolic, pulse', () => {
  it('reads a display', () => {
    expect(parseBpBoxes(meter('128', '82', '71'), 1000)).toEqual({ systolic: 128, diastolic: 82, pulse: 71 });
    // Junk glued to a number in the same box is dropped ("2 138").
    expect(parseBpBoxes(meter('2 138', '86', '75'), 1000)).toEqual({ systolic: 138, diastolic: 86, pulse: 75 });
  });
  it('no pulse read: systolic and diastolic alone', () => {
    expect(parseBpBoxes(meter('162', '104', '9?'), 1000)).toEqual({ systolic: 162, diastolic: 104, pulse: null });
  });
  it('with the labels read, a number belongs to its label: a systolic the OCR missed does not make the diastolic into it', () => {
    expect(parseBpBoxes(meter('1l', '70', '60'), 1000)).toBeNull();
    expect(parseBpBoxes([box('收缩压', 60, 30), box('135', 40, 190), box('舒张压', 260, 30), box('88', 240, 200)], 1000)).toEqual({ systolic: 135, diastolic: 88, pulse: null });
  });
  it('negative: small printed numbers (a model number, a date) are not the reading', () => {
    expect(parseBpBoxes([box('128', 40, 190), box('82', 240, 200), box('2024', 700, 20), box('50', 720, 18)], 1000)).toEqual({ systolic: 128, diastolic: 82, pulse: null });
  });
  it('negative: numbers that are printed text (under 5 % of the photo’s height) are not a display', () => {
    expect(parseBpBoxes(meter('128', '82', '71'), 5000)).toBeNull();
  });
  it('negative: implausible readings are refused (diastolic above systolic, out of range, no numbers)', () => {
    expect(parseBpBoxes(meter('82', '128', '71'), 1000)).toBeNull();
    expect(parseBpBoxes(meter('388', '82', '71'), 1000)).toBeNull();
    expect(parseBpBoxes([box('SYS', 60, 30), box('mmHg', 95, 20)], 1000)).toBeNull();
  });
});

describe('voteBp: the reading most passes agree on', () => {
  const a = { systolic: 128, diastolic: 82, pulse: 71 };
  const b = { systolic: 128, diastolic: 62, pulse: 71 };
  it('majority wins, nulls do not vote', () => {
    expect(voteBp([b, a, null, a])).toEqual({ read: a, votes: 2 });
  });
  it('a tie goes to the full reading, then to the earlier pass', () => {
    expect(voteBp([{ systolic: 128, diastolic: 82, pulse: null }, a])?.read).toEqual(a);
    expect(voteBp([b, a])?.read).toEqual(b);
  });
  it('nothing read: null', () => {
    expect(voteBp([null, null])).toBeNull();
  });
});
