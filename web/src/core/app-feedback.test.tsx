import { act, cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { FeedbackProvider, useFeedback } from './app-feedback';
import { toast, useToasts } from './toast';

/** What the screen below was given. */
let feedback: ReturnType<typeof useFeedback> | null = null;
function Screen() {
  feedback = useFeedback();
  return null;
}

describe('the app’s messages', () => {
  afterEach(() => {
    cleanup();
    useToasts.setState({ toasts: [] });
  });

  it('a screen’s "saved" joins the sign-in warning in one stack instead of drawing over it', () => {
    render(
      <FeedbackProvider>
        <Screen />
      </FeedbackProvider>,
    );
    act(() => {
      toast.warning('You are using the initial password', 6);
      feedback?.message.success('Saved');
    });
    expect(useToasts.getState().toasts.map((t) => [t.kind, t.text])).toEqual([
      ['warning', 'You are using the initial password'],
      ['success', 'Saved'],
    ]);
  });
});
