/**
 * The e-mail verification flow (PRODUCT.md sections 2 screen 3, 4 and 5).
 *
 * Two parallel regions:
 * - `code`: entering → verifying → success → done. A 6-digit code is checked on the
 *   server; on success the session is marked verified (`markVerified`) and, 500 ms later,
 *   the screen leaves (`leave`).
 * - `resend`: countingDown (60 s, one `timer.tick` a second) → ready (the Resend Code
 *   button) → sending → countingDown again, clearing the error.
 *
 * Effects are named and stubbed: the screen provides the real `verifyCode` / `resendCode`
 * actors and the `markVerified` / `leave` actions with `.provide()`.
 */
import { assign, fromPromise, setup } from 'xstate'
import { RESEND_COUNTDOWN_SECONDS, VERIFY_SUCCESS_REDIRECT_MS } from '@/lib/constants'
import { ticker } from '@/lib/ticker'
import type { User } from '@/types/api'
import { SCREEN_ERRORS, verifyErrorText } from '../utils/error-messages'
import { sanitizeCode, validateCode } from '../utils/validators'

export type VerifyInput = {
  email: string
  /** Seconds before the first resend is allowed; 60 unless a test says otherwise. */
  countdown?: number
}

export type VerifyContext = {
  email: string
  code: string
  error: string | null
  countdown: number
}

export type VerifyEvent =
  | { type: 'code.change'; value: string }
  | { type: 'code.submit' }
  | { type: 'resend.request' }
  | { type: 'timer.tick' }

export type VerifyResult = { user?: User }

export const verifyMachine = setup({
  types: {
    context: {} as VerifyContext,
    events: {} as VerifyEvent,
    input: {} as VerifyInput,
  },
  actors: {
    verifyCode: fromPromise<VerifyResult, { email: string; code: string }>(async () => {
      throw { error: 'verifyCode is not provided' }
    }),
    resendCode: fromPromise<unknown, { email: string }>(async () => {
      throw { error: 'resendCode is not provided' }
    }),
    ticker: ticker(1000),
  },
  actions: {
    setCode: assign({
      code: ({ event }) => (event.type === 'code.change' ? sanitizeCode(event.value) : ''),
      error: null,
    }),
    setIncompleteError: assign({ error: ({ context }) => validateCode(context.code) }),
    setVerifyError: assign({ error: (_, params: { error: unknown }) => verifyErrorText(params.error) }),
    setResendError: assign({ error: SCREEN_ERRORS.resendFailed }),
    tick: assign({ countdown: ({ context }) => Math.max(0, context.countdown - 1) }),
    restartCountdown: assign({ countdown: RESEND_COUNTDOWN_SECONDS, error: null }),
    markVerified: (_, _params: VerifyResult) => {},
    leave: () => {},
  },
  guards: {
    codeComplete: ({ context }) => validateCode(context.code) === null,
    countdownOver: ({ context }) => context.countdown <= 0,
  },
  delays: {
    successRedirect: VERIFY_SUCCESS_REDIRECT_MS,
  },
}).createMachine({
  id: 'verify',
  type: 'parallel',
  context: ({ input }) => ({
    email: input.email,
    code: '',
    error: null,
    countdown: input.countdown ?? RESEND_COUNTDOWN_SECONDS,
  }),
  states: {
    code: {
      initial: 'entering',
      states: {
        entering: {
          on: {
            'code.change': { actions: 'setCode' },
            'code.submit': [
              { guard: 'codeComplete', target: 'verifying' },
              { actions: 'setIncompleteError' },
            ],
          },
        },
        verifying: {
          tags: ['busy'],
          invoke: {
            src: 'verifyCode',
            input: ({ context }) => ({ email: context.email, code: context.code }),
            onDone: {
              target: 'success',
              actions: { type: 'markVerified', params: ({ event }) => event.output ?? {} },
            },
            onError: {
              target: 'entering',
              actions: { type: 'setVerifyError', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
        success: {
          tags: ['success'],
          after: { successRedirect: 'done' },
        },
        done: {
          tags: ['success'],
          type: 'final',
          entry: 'leave',
        },
      },
    },
    resend: {
      initial: 'countingDown',
      states: {
        countingDown: {
          always: { guard: 'countdownOver', target: 'ready' },
          invoke: { src: 'ticker' },
          on: { 'timer.tick': { actions: 'tick' } },
        },
        ready: {
          on: { 'resend.request': 'sending' },
        },
        sending: {
          tags: ['resending'],
          invoke: {
            src: 'resendCode',
            input: ({ context }) => ({ email: context.email }),
            onDone: { target: 'countingDown', actions: 'restartCountdown' },
            onError: { target: 'ready', actions: 'setResendError' },
          },
        },
      },
    },
  },
})
