// The scan -> calculator hand-off (measuring guide, section 4): the quick scan measures the outer
// window frame, while the calculator's size is the recess (inside-recess) or the blind itself (face
// fix). The handed-over frame is converted by the guide's rule and the customer is shown the change.
import { sizeFromOuterFrame, type ConvertedSize } from '@shared/measuring-rules';
import type { BlindForm } from './calculator-model';
import type { HandedOverSize, MountType } from '../../lib/quote-storage';

export interface MeasuredFrame {
  widthMm: number;
  dropMm: number;
  /** True until the customer types their own width or drop: then the conversion stops following the mount type. */
  following: boolean;
}

/** The outer frame a hand-off carries, or null when the size was not measured as a frame. */
export function measuredFrame(size: HandedOverSize | null): MeasuredFrame | null {
  return size?.measured === 'outer-frame' ? { widthMm: size.width_mm, dropMm: size.drop_mm, following: true } : null;
}

/** The form with the frame converted for its mount type. */
export function withConvertedSize(form: BlindForm, frame: MeasuredFrame): BlindForm {
  const size = sizeFromOuterFrame(frame, form.mountType);
  return { ...form, widthText: String(size.widthMm), dropText: String(size.dropMm) };
}

const MOUNT_WORDS: Record<MountType, string> = { 'inside-recess': 'an inside-recess blind', 'outside-facefix': 'a face-fixed blind' };

const change = (name: string, from: number, to: number) => (from === to ? `${name} ${from} mm (unchanged)` : `${name} ${from} → ${to} mm`);

export interface HandOffText {
  measured: string;
  rule: string;
  changed: string;
  size: ConvertedSize;
}

/** 'Measured: outer frame 1200 x 1500 mm.', the rule for the mount type, and what it changed. */
export function handOffText(frame: Pick<MeasuredFrame, 'widthMm' | 'dropMm'>, mount: MountType): HandOffText {
  const size = sizeFromOuterFrame(frame, mount);
  return {
    measured: `Measured by the quick scan: outer frame ${frame.widthMm} x ${frame.dropMm} mm.`,
    rule: `For ${MOUNT_WORDS[mount]}: ${size.rule}`,
    changed: `Changed: ${change('width', frame.widthMm, size.widthMm)}, ${change('drop', frame.dropMm, size.dropMm)}, so the size is ${size.widthMm} x ${size.dropMm} mm (${size.meaning}).`,
    size,
  };
}
