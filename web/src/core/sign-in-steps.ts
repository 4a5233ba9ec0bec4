import type { PendingStep } from '@backroom/contract';
import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

/** What a sign-in step's screen gets: a way on once the step is done (the shell reads the user again). */
export type SignInStepProps = { onDone(): void };

type Loader = () => Promise<{ default: ComponentType<SignInStepProps> }>;

const steps = new Map<PendingStep, LazyExoticComponent<ComponentType<SignInStepProps>>>();

/**
 * The screen of a sign-in step the server may still ask for (a forced password change, a required
 * two-factor enrolment): while the step is owed, the shell shows only it (docs/architecture.md,
 * "Account security"). The module that owns the step registers it.
 */
export function registerSignInStep(step: PendingStep, load: Loader) {
  steps.set(step, lazy(load));
}

export function signInStepView(step: PendingStep): LazyExoticComponent<ComponentType<SignInStepProps>> | undefined {
  return steps.get(step);
}
