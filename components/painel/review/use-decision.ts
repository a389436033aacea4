'use client';
import { useRef, useState, type FormEvent } from 'react';
import { errorMessage } from '@/lib/apollo/errors';
import { useDoneNotice } from '../done-notice';
import { POINTS_MAX, POINTS_MESSAGE, REASON_MESSAGE } from '@/common/painel/review-desk';
import { useApprovalRules } from './use-approval-rules';

/** The points an approval goes with, or why it cannot go now (said above the forms when `problem` is given). */
export type ApprovalChoice = { points: number } | { problem: string | null; focus?: (() => void) | undefined };

export interface DecisionOptions {
  /** The points the field starts with (the suggestion, or empty when there is none). */
  initialPoints: string;
  /** Where a wrong number of points is said: beside the field (projects) or above the forms (invoices). */
  pointsProblemAt: 'field' | 'alert';
  /** A signal held the item for a person: any approval of it asks for the confirmation dialog first. */
  flagged: boolean;
  /**
   * Where the points come from when not from the "Pontos" field: a photo's keyed lines (their preview's total), or an
   * admin's points given by hand.
   */
  approvalPoints?: () => ApprovalChoice;
  /** Each sends its decision, hands the answer to the page, and resolves with what the reviewer reads then. */
  approve: (points: number, confirmed: boolean) => Promise<string>;
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
  // The points waiting in the confirmation dialog, or null when it is closed.
  const [confirming, setConfirming] = useState<number | null>(null);
  const pointsField = useRef<HTMLInputElement>(null);
  const templateField = useRef<HTMLSelectElement>(null);
  // The API refuses a large or flagged approval unconfirmed anyway: the dialog comes first so it never has to.
  const approval = useApprovalRules();

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
    if (options.approvalPoints) {
      const choice = options.approvalPoints();
      if ('problem' in choice) {
        setProblem(choice.problem);
        choice.focus?.();
        return;
      }
      await approveWith(choice.points);
      return;
    }
    const value = Number(points);
    if (points.trim() === '' || !Number.isInteger(value) || value < 0 || value > POINTS_MAX) {
      if (options.pointsProblemAt === 'field') setPointsError(POINTS_MESSAGE);
      else setProblem(POINTS_MESSAGE);
      pointsField.current?.focus();
      return;
    }
    setPointsError(undefined);
    await approveWith(value);
  };
  /** The confirmation dialog first for a large or flagged approval; else it is sent. */
  const approveWith = async (value: number) => {
    setProblem(null);
    if (approval.asks(value, options.flagged)) {
      setConfirming(value);
      return;
    }
    await run('approve', () => options.approve(value, false));
  };
  const confirmApproval = async () => {
    const value = confirming;
    setConfirming(null);
    if (value !== null) await run('approve', () => options.approve(value, true));
  };
  const cancelConfirmation = () => {
    setConfirming(null);
    pointsField.current?.focus();
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
    confirming,
    rules: approval.rules,
    confirmApproval,
    cancelConfirmation,
    reject,
    run,
    /** The message above the forms goes when what it was about changed (a photo's keyed lines). */
    clearProblem: () => setProblem(null),
    focusReason: () => templateField.current?.focus(),
  };
}
