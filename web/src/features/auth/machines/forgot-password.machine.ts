/**
 * The forgot-password flow (PRODUCT.md sections 2 screen 4, 4 and 5).
 *
 * requestingEmail → sendingCode → reset. In `reset` two regions run side by side:
 * - `form`: entering → resetting → done (final; `leave` goes to /signin with the message);
 * - `resend`: a 60 s countdown, then a resend that asks for a new code again.
 *
 * The screen provides the `requestCode` / `resetPassword` actors and the `leave` action.
 */
import { assign, fromPromise, setup } from 'xstate'
import { RESEND_COUNTDOWN_SECONDS } from '@/lib/constants'
import { ticker } from '@/lib/ticker'
import { resetErrorText, SCREEN_ERRORS } from '../utils/error-messages'
import { sanitizeCode, validateForgotEmail, validateReset } from '../utils/validators'

export type ForgotPasswordInput = { email?: string; countdown?: number }

export type ForgotPasswordContext = {
  email: string
  code: string
  newPassword: string
  confirmPassword: string
  error: string | null
  countdown: number
  resendSeconds: number
}

export type ForgotPasswordEvent =
  | { type: 'email.change'; value: string }
  | { type: 'email.submit' }
  | { type: 'code.change'; value: string }
  | { type: 'password.change'; field: 'newPassword' | 'confirmPassword'; value: string }
  | { type: 'reset.submit' }
  | { type: 'resend.request' }
  | { type: 'timer.tick' }

export const forgotPasswordMachine = setup({
  types: {
    context: {} as ForgotPasswordContext,
    events: {} as ForgotPasswordEvent,
    input: {} as ForgotPasswordInput,
  },
  actors: {
    requestCode: fromPromise<unknown, { email: string }>(async () => {
      throw { error: 'requestCode is not provided' }
    }),
    resetPassword: fromPromise<unknown, { email: string; code: string; newPassword: string }>(async () => {
      throw { error: 'resetPassword is not provided' }
    }),
    ticker: ticker(1000),
  },
  actions: {
    setEmail: assign({
      email: ({ event }) => (event.type === 'email.change' ? event.value : ''),
      error: null,
    }),
    setEmailError: assign({ error: ({ context }) => validateForgotEmail(context.email) }),
    trimEmail: assign({ email: ({ context }) => context.email.trim() }),
    setSendError: assign({ error: SCREEN_ERRORS.sendCodeFailed }),
    setCode: assign({
      code: ({ event }) => (event.type === 'code.change' ? sanitizeCode(event.value) : ''),
      error: null,
    }),
    setPassword: assign(({ event }) => {
      if (event.type !== 'password.change') return {}
      return event.field === 'newPassword'
        ? { newPassword: event.value, error: null }
        : { confirmPassword: event.value, error: null }
    }),
    setResetValidationError: assign({ error: ({ context }) => validateReset(context) }),
    setResetError: assign({ error: (_, params: { error: unknown }) => resetErrorText(params.error) }),
    tick: assign({ countdown: ({ context }) => Math.max(0, context.countdown - 1) }),
    restartCountdown: assign({ countdown: ({ context }) => context.resendSeconds, error: null }),
    leave: () => {},
  },
  guards: {
    emailValid: ({ context }) => validateForgotEmail(context.email) === null,
    resetValid: ({ context }) => validateReset(context) === null,
    countdownOver: ({ context }) => context.countdown <= 0,
  },
}).createMachine({
  id: 'forgotPassword',
  initial: 'requestingEmail',
  context: ({ input }) => ({
    email: input.email ?? '',
    code: '',
    newPassword: '',
    confirmPassword: '',
    error: null,
    countdown: input.countdown ?? RESEND_COUNTDOWN_SECONDS,
    resendSeconds: input.countdown ?? RESEND_COUNTDOWN_SECONDS,
  }),
  states: {
    requestingEmail: {
      on: {
        'email.change': { actions: 'setEmail' },
        'email.submit': [
          { guard: 'emailValid', target: 'sendingCode', actions: 'trimEmail' },
          { actions: 'setEmailError' },
        ],
      },
    },
    sendingCode: {
      tags: ['busy'],
      invoke: {
        src: 'requestCode',
        input: ({ context }) => ({ email: context.email }),
        onDone: { target: 'reset', actions: 'restartCountdown' },
        onError: { target: 'requestingEmail', actions: 'setSendError' },
      },
    },
    reset: {
      type: 'parallel',
      states: {
        form: {
          initial: 'entering',
          states: {
            entering: {
              on: {
                'code.change': { actions: 'setCode' },
                'password.change': { actions: 'setPassword' },
                'reset.submit': [
                  { guard: 'resetValid', target: 'resetting' },
                  { actions: 'setResetValidationError' },
                ],
              },
            },
            resetting: {
              tags: ['busy'],
              invoke: {
                src: 'resetPassword',
                input: ({ context }) => ({
                  email: context.email,
                  code: context.code,
                  newPassword: context.newPassword,
                }),
                onDone: 'done',
                onError: {
                  target: 'entering',
                  actions: { type: 'setResetError', params: ({ event }) => ({ error: event.error }) },
                },
              },
            },
            done: { type: 'final', entry: 'leave' },
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
            ready: { on: { 'resend.request': 'sending' } },
            sending: {
              tags: ['resending'],
              invoke: {
                src: 'requestCode',
                input: ({ context }) => ({ email: context.email }),
                onDone: { target: 'countingDown', actions: 'restartCountdown' },
                onError: { target: 'ready', actions: 'setSendError' },
              },
            },
          },
        },
      },
    },
  },
})
