'use client';
import { useRef, useState, type FormEvent } from 'react';
import { errorMessage } from '@/lib/apollo/errors';
import { useDoneNotice } from '../done-notice';
import { POINTS_MAX, POINTS_MESSAGE, REASON_MESSAGE } from '@/lib/painel/review-desk';

export interface DecisionOptions {
  /** The points the field starts with (the suggestion, or empty when there is none). */
  initialPoints: string;
  /** Where a wrong number of points is said: beside the field (projects) or above the forms (invoices). */
  pointsProblemAt: 'field' | 'alert';
  /** Each sends its decision, hands the answer to the page, and resolves with what the reviewer reads then. */
  approve: (points: number) => Promise<string>;
  reject: (reason: string) => Promise<string>;
}

export type Decision = ReturnType<typeof useDecision>;

/**
 * The state of a review's decision: the points, the refusal's template and words, what is on its way, what went
 * wrong and what was done (focused when it appears, so a screen reader says it).
 */
export function useDecision(options: DecisionOptions) {
  const [points, setPoints] = useState(options.initialPoints);
  const [template, setTemplate] = useState('');
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [pointsError, setPointsError] = useState<string | undefined>(undefined);
  const { done, setDone, status } = useDoneNotice();
  const [pending, setPending] = useState<string | null>(null);
  const pointsField = useRef<HTMLInputElement>(null);
  const templateField = useRef<HTMLSelectElement>(null);

  /** Runs one change of the item (`kind` names what is on its way); its answer or its failure is shown. */
  const run = async (kind: string, action: () => Promise<string>) => {
    setProblem(null);
    setPending(kind);
    try {
      setDone(await action());
    } catch (failure) {
      setProblem(errorMessage(failure as never));
    } finally {
      setPending(null);
    }
  };
  const approve = async (event?: FormEvent) => {
    event?.preventDefault();
    const value = Number(points);
    if (points.trim() === '' || !Number.isInteger(value) || value < 0 || value > POINTS_MAX) {
      if (options.pointsProblemAt === 'field') setPointsError(POINTS_MESSAGE);
      else setProblem(POINTS_MESSAGE);
      pointsField.current?.focus();
      return;
    }
    setPointsError(undefined);
    await run('approve', () => options.approve(value));
  };
  const reject = async (event: FormEvent) => {
    event.preventDefault();
    const text = [template, reason.trim()].filter(Boolean).join(' ');
    if (text.length < 3) {
      setProblem(REASON_MESSAGE);
      templateField.current?.focus();
      return;
    }
    await run('reject', () => options.reject(text));
  };

  return {
    points,
    setPoints,
    template,
    setTemplate,
    reason,
    setReason,
    problem,
    pointsError,
    done,
    pending,
    busy: pending !== null,
    pointsField,
    templateField,
    status,
    approve,
    reject,
    run,
    focusReason: () => templateField.current?.focus(),
  };
}
