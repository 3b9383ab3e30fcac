import labIndicatorsJson from '../data/lab-indicators.json' with { type: 'json' };

/** Biological sex as used by sex-specific reference intervals. */
export type LabSex = 'M' | 'F';

/**
 * One reference interval. `ageMin` is inclusive and `ageMax` exclusive, both in years; a missing
 * bound is open. A missing `low` or `high` means the interval is one-sided (e.g. LDL-C < 3.4).
 */
export interface LabRange {
  readonly sex?: LabSex;
  readonly ageMin?: number;
  readonly ageMax?: number;
  readonly low?: number;
  readonly high?: number;
}

/** A value printed in `unit` times `factor` gives the value in the indicator's own unit. */
export interface LabConversion {
  readonly unit: string;
  readonly factor: number;
}

/** One lab indicator (检验项目) of data/lab-indicators.json. */
export interface LabIndicator {
  /** Stable kebab-case id. */
  readonly id: string;
  /** Standard simplified-Chinese name. */
  readonly name: string;
  /** Abbreviations and name variants as printed on Chinese lab reports. */
  readonly aliases: readonly string[];
  /** Panel, e.g. 血常规, 肝功能. */
  readonly category: string;
  /** The unit the ranges and critical values are in ('' for unitless or qualitative items). */
  readonly unit: string;
  /** Reference intervals; empty for qualitative items. */
  readonly ranges: readonly LabRange[];
  /** Set on qualitative items: the expected (normal) result. */
  readonly qualitative?: 'negative';
  readonly conversions?: readonly LabConversion[];
  /** Panic values (危急值), in `unit`. */
  readonly criticalLow?: number;
  readonly criticalHigh?: number;
  /** What a high (or positive) result usually means. */
  readonly meaningHigh: string;
  /** What a low (or negative) result usually means. */
  readonly meaningLow: string;
  readonly advice: string;
  /** The standard, guideline or textbook (with year) the ranges follow. */
  readonly source: string;
}

/** Every indicator, in file order. */
export const LAB_INDICATORS: readonly LabIndicator[] = labIndicatorsJson as readonly LabIndicator[];
