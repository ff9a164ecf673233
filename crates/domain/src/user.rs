//! Accounts: `user-{uuid}`. Sign-up, e-mail verification and password reset.
//!
//! Codes never enter the log: commands carry a keyed hash of the code the person typed, and the
//! events keep the hash of the code that was sent. Wrong tries are events too, so the limit of
//! [`MAX_WRONG_TRIES`] per code survives restarts and replays.

use serde::{Deserialize, Serialize};

use crate::{Aggregate, DomainEvent};

/// How long a code is valid, in milliseconds.
pub const CODE_TTL_MS: i64 = 15 * 60 * 1000;
/// Wrong tries allowed per code.
pub const MAX_WRONG_TRIES: u32 = 5;
/// The shortest wait between two codes of one purpose, in milliseconds.
pub const RESEND_INTERVAL_MS: i64 = 60 * 1000;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CodePurpose {
    Verification,
    PasswordReset,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum UserCommand {
    SignUp {
        first_name: String,
        last_name: String,
        /// Trimmed and lower-cased.
        email: String,
        institute_name: Option<String>,
        password_hash: String,
        code_hash: String,
        now: i64,
    },
    /// Send a new verification code (resend).
    IssueVerificationCode {
        code_hash: String,
        now: i64,
    },
    Verify {
        code_hash: String,
        now: i64,
    },
    RequestPasswordReset {
        code_hash: String,
        now: i64,
    },
    /// Resets the password; the code was mailed to the address, so this also proves the person
    /// owns it: an unverified address becomes verified. Every earlier session ends.
    ResetPassword {
        code_hash: String,
        password_hash: String,
        now: i64,
    },
    /// "Sign out everywhere": every session issued before `now` ends.
    EndSessions {
        now: i64,
    },
    /// An operator makes the account an organisation-wide auditor (`by` names the operator).
    GrantAuditor {
        by: String,
        now: i64,
    },
    RevokeAuditor {
        by: String,
        now: i64,
    },
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", content = "data")]
pub enum UserEvent {
    SignedUp {
        first_name: String,
        last_name: String,
        email: String,
        institute_name: Option<String>,
        password_hash: String,
    },
    VerificationCodeIssued {
        code_hash: String,
        issued_at: i64,
        expires_at: i64,
    },
    VerificationCodeRejected {
        at: i64,
    },
    EmailVerified {
        at: i64,
    },
    PasswordResetRequested {
        code_hash: String,
        issued_at: i64,
        expires_at: i64,
    },
    PasswordResetCodeRejected {
        at: i64,
    },
    /// Also ends every session issued before `at`.
    PasswordReset {
        password_hash: String,
        at: i64,
    },
    SessionsEnded {
        at: i64,
    },
    AuditorGranted {
        by: String,
        at: i64,
    },
    AuditorRevoked {
        by: String,
        at: i64,
    },
}

impl DomainEvent for UserEvent {}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum UserError {
    #[error("An account with this email already exists")]
    AlreadySignedUp,
    #[error("No account with this email")]
    UnknownAccount,
    #[error("Please wait {retry_after_secs} seconds before requesting a new code")]
    TooSoon { retry_after_secs: u64 },
    #[error("Invalid verification code")]
    NoCode,
    #[error("Verification code expired. Please request a new code.")]
    CodeExpired,
    #[error("Too many wrong codes. Please request a new code.")]
    TooManyWrongTries,
    #[error("Email is already verified")]
    AlreadyVerified,
    #[error("This account is already an auditor")]
    AlreadyAuditor,
    #[error("This account is not an auditor")]
    NotAuditor,
}

/// The state of one code: what was sent, until when, and how many wrong tries it has had.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Code {
    pub hash: String,
    pub issued_at: i64,
    pub expires_at: i64,
    pub wrong_tries: u32,
    pub used: bool,
}

#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct User {
    pub exists: bool,
    pub email: String,
    pub verified: bool,
    pub auditor: bool,
    pub verification: Option<Code>,
    pub reset: Option<Code>,
}

impl User {
    fn code(&self, purpose: CodePurpose) -> Option<&Code> {
        match purpose {
            CodePurpose::Verification => self.verification.as_ref(),
            CodePurpose::PasswordReset => self.reset.as_ref(),
        }
    }

    /// Refuses a new code within [`RESEND_INTERVAL_MS`] of the last one.
    fn check_resend(&self, purpose: CodePurpose, now: i64) -> Result<(), UserError> {
        if let Some(code) = self.code(purpose) {
            let wait = code.issued_at + RESEND_INTERVAL_MS - now;
            if wait > 0 {
                return Err(UserError::TooSoon { retry_after_secs: (wait as u64).div_ceil(1000) });
            }
        }
        Ok(())
    }

    /// Checks a typed code: `Ok(true)` when right, `Ok(false)` when wrong (a try to record).
    fn check_code(&self, purpose: CodePurpose, code_hash: &str, now: i64) -> Result<bool, UserError> {
        let code = match self.code(purpose) {
            Some(code) if !code.used => code,
            _ => return Err(UserError::NoCode),
        };
        if code.wrong_tries >= MAX_WRONG_TRIES {
            return Err(UserError::TooManyWrongTries);
        }
        if now > code.expires_at {
            return Err(UserError::CodeExpired);
        }
        Ok(constant_time_eq(code.hash.as_bytes(), code_hash.as_bytes()))
    }
}

/// Whether `a` and `b` are equal, compared in constant time (a guess learns nothing from how long
/// the answer took): e-mailed codes' hashes, live games' link keys, media links' signatures.
pub fn constant_time_eq(a: &[u8], b: &[u8]) -> bool {
    a.len() == b.len() && a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}

impl Aggregate for User {
    const STREAM: &'static str = "user";
    type Command = UserCommand;
    type Event = UserEvent;
    type Error = UserError;

    fn decide(&self, command: UserCommand) -> Result<Vec<UserEvent>, UserError> {
        use UserCommand as C;
        use UserEvent as E;
        if !self.exists && !matches!(command, C::SignUp { .. }) {
            return Err(UserError::UnknownAccount);
        }
        match command {
            C::SignUp { first_name, last_name, email, institute_name, password_hash, code_hash, now } => {
                if self.exists {
                    return Err(UserError::AlreadySignedUp);
                }
                Ok(vec![
                    E::SignedUp { first_name, last_name, email, institute_name, password_hash },
                    E::VerificationCodeIssued { code_hash, issued_at: now, expires_at: now + CODE_TTL_MS },
                ])
            }
            C::IssueVerificationCode { code_hash, now } => {
                if self.verified {
                    return Err(UserError::AlreadyVerified);
                }
                self.check_resend(CodePurpose::Verification, now)?;
                Ok(vec![E::VerificationCodeIssued { code_hash, issued_at: now, expires_at: now + CODE_TTL_MS }])
            }
            C::Verify { code_hash, now } => {
                if self.verified {
                    return Ok(vec![]);
                }
                Ok(match self.check_code(CodePurpose::Verification, &code_hash, now)? {
                    true => vec![E::EmailVerified { at: now }],
                    false => vec![E::VerificationCodeRejected { at: now }],
                })
            }
            C::RequestPasswordReset { code_hash, now } => {
                self.check_resend(CodePurpose::PasswordReset, now)?;
                Ok(vec![E::PasswordResetRequested { code_hash, issued_at: now, expires_at: now + CODE_TTL_MS }])
            }
            C::ResetPassword { code_hash, password_hash, now } => Ok(match self.check_code(CodePurpose::PasswordReset, &code_hash, now)? {
                true if self.verified => vec![E::PasswordReset { password_hash, at: now }],
                true => vec![E::PasswordReset { password_hash, at: now }, E::EmailVerified { at: now }],
                false => vec![E::PasswordResetCodeRejected { at: now }],
            }),
            C::EndSessions { now } => Ok(vec![E::SessionsEnded { at: now }]),
            C::GrantAuditor { .. } if self.auditor => Err(UserError::AlreadyAuditor),
            C::GrantAuditor { by, now } => Ok(vec![E::AuditorGranted { by, at: now }]),
            C::RevokeAuditor { .. } if !self.auditor => Err(UserError::NotAuditor),
            C::RevokeAuditor { by, now } => Ok(vec![E::AuditorRevoked { by, at: now }]),
        }
    }

    fn evolve(mut self, event: &UserEvent) -> User {
        let fresh = |hash: &str, issued_at: i64, expires_at: i64| Code { hash: hash.to_owned(), issued_at, expires_at, wrong_tries: 0, used: false };
        match event {
            UserEvent::SignedUp { email, .. } => {
                self.exists = true;
                self.email = email.clone();
            }
            UserEvent::VerificationCodeIssued { code_hash, issued_at, expires_at } => {
                self.verification = Some(fresh(code_hash, *issued_at, *expires_at));
            }
            UserEvent::VerificationCodeRejected { .. } => {
                if let Some(code) = &mut self.verification {
                    code.wrong_tries += 1;
                }
            }
            UserEvent::EmailVerified { .. } => {
                self.verified = true;
                if let Some(code) = &mut self.verification {
                    code.used = true;
                }
            }
            UserEvent::PasswordResetRequested { code_hash, issued_at, expires_at } => {
                self.reset = Some(fresh(code_hash, *issued_at, *expires_at));
            }
            UserEvent::PasswordResetCodeRejected { .. } => {
                if let Some(code) = &mut self.reset {
                    code.wrong_tries += 1;
                }
            }
            UserEvent::PasswordReset { .. } => {
                if let Some(code) = &mut self.reset {
                    code.used = true;
                }
            }
            UserEvent::SessionsEnded { .. } => {}
            UserEvent::AuditorGranted { .. } => self.auditor = true,
            UserEvent::AuditorRevoked { .. } => self.auditor = false,
        }
        self
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::given;

    const T0: i64 = 1_800_000_000_000;

    fn signed_up() -> Vec<UserEvent> {
        vec![
            UserEvent::SignedUp {
                first_name: "Ada".into(),
                last_name: "Lovelace".into(),
                email: "ada@example.com".into(),
                institute_name: None,
                password_hash: "ph".into(),
            },
            UserEvent::VerificationCodeIssued { code_hash: "right".into(), issued_at: T0, expires_at: T0 + CODE_TTL_MS },
        ]
    }

    fn verify(code: &str, now: i64) -> UserCommand {
        UserCommand::Verify { code_hash: code.into(), now }
    }

    fn rejected(n: usize) -> Vec<UserEvent> {
        (0..n).map(|i| UserEvent::VerificationCodeRejected { at: T0 + i as i64 }).collect()
    }

    #[test]
    fn signing_up_records_the_account_and_a_code_valid_for_fifteen_minutes() {
        let command = UserCommand::SignUp {
            first_name: "Ada".into(),
            last_name: "Lovelace".into(),
            email: "ada@example.com".into(),
            institute_name: None,
            password_hash: "ph".into(),
            code_hash: "right".into(),
            now: T0,
        };
        given::<User>([]).when(command.clone()).then(signed_up());
        given::<User>(signed_up()).when(command).then_error(UserError::AlreadySignedUp);
    }

    #[test]
    fn the_right_code_verifies_the_email_once() {
        let user = given::<User>(signed_up()).when(verify("right", T0 + 1000)).then([UserEvent::EmailVerified { at: T0 + 1000 }]);
        assert!(user.verified);
        let mut events = signed_up();
        events.push(UserEvent::EmailVerified { at: T0 + 1000 });
        given::<User>(events).when(verify("right", T0 + 2000)).then([]);
    }

    #[test]
    fn a_wrong_code_is_recorded_as_a_wrong_try() {
        given::<User>(signed_up()).when(verify("wrong", T0)).then([UserEvent::VerificationCodeRejected { at: T0 }]);
    }

    #[test]
    fn after_five_wrong_tries_even_the_right_code_is_refused_until_a_new_one_is_sent() {
        let mut events = signed_up();
        events.extend(rejected(4));
        given::<User>(events.clone()).when(verify("wrong", T0)).then([UserEvent::VerificationCodeRejected { at: T0 }]);
        events.extend(rejected(1));
        given::<User>(events.clone()).when(verify("right", T0)).then_error(UserError::TooManyWrongTries);
        events.push(UserEvent::VerificationCodeIssued { code_hash: "new".into(), issued_at: T0 + 70_000, expires_at: T0 + 70_000 + CODE_TTL_MS });
        given::<User>(events).when(verify("new", T0 + 71_000)).then([UserEvent::EmailVerified { at: T0 + 71_000 }]);
    }

    #[test]
    fn an_expired_code_is_refused() {
        given::<User>(signed_up()).when(verify("right", T0 + CODE_TTL_MS + 1)).then_error(UserError::CodeExpired);
    }

    #[test]
    fn a_new_code_is_sent_at_most_once_a_minute() {
        let resend = |now| UserCommand::IssueVerificationCode { code_hash: "new".into(), now };
        given::<User>(signed_up()).when(resend(T0 + 59_001)).then_error(UserError::TooSoon { retry_after_secs: 1 });
        given::<User>(signed_up()).when(resend(T0 + 1_000)).then_error(UserError::TooSoon { retry_after_secs: 59 });
        given::<User>(signed_up()).when(resend(T0 + 60_000)).then([UserEvent::VerificationCodeIssued {
            code_hash: "new".into(),
            issued_at: T0 + 60_000,
            expires_at: T0 + 60_000 + CODE_TTL_MS,
        }]);
    }

    #[test]
    fn a_password_is_reset_with_the_code_that_was_sent() {
        let mut events = signed_up();
        events.push(UserEvent::PasswordResetRequested { code_hash: "reset".into(), issued_at: T0, expires_at: T0 + CODE_TTL_MS });
        let reset = |code: &str| UserCommand::ResetPassword { code_hash: code.into(), password_hash: "new-ph".into(), now: T0 + 5 };
        given::<User>(events.clone()).when(reset("wrong")).then([UserEvent::PasswordResetCodeRejected { at: T0 + 5 }]);
        // The code reached the address, so an unverified address is verified by it.
        let user = given::<User>(events.clone())
            .when(reset("reset"))
            .then([UserEvent::PasswordReset { password_hash: "new-ph".into(), at: T0 + 5 }, UserEvent::EmailVerified { at: T0 + 5 }]);
        assert!(user.reset.unwrap().used);
        assert!(user.verified);
        let mut verified = events.clone();
        verified.push(UserEvent::EmailVerified { at: T0 + 1 });
        given::<User>(verified).when(reset("reset")).then([UserEvent::PasswordReset { password_hash: "new-ph".into(), at: T0 + 5 }]);
        events.push(UserEvent::PasswordReset { password_hash: "new-ph".into(), at: T0 + 5 });
        given::<User>(events).when(reset("reset")).then_error(UserError::NoCode);
        given::<User>(signed_up()).when(reset("reset")).then_error(UserError::NoCode);
    }

    #[test]
    fn signing_out_everywhere_ends_the_sessions_issued_before_it() {
        given::<User>(signed_up()).when(UserCommand::EndSessions { now: T0 + 9 }).then([UserEvent::SessionsEnded { at: T0 + 9 }]);
    }

    #[test]
    fn an_operator_grants_and_revokes_the_auditor_role_once_each() {
        let grant = UserCommand::GrantAuditor { by: "operator".into(), now: T0 + 1 };
        let revoke = UserCommand::RevokeAuditor { by: "operator".into(), now: T0 + 2 };
        let user = given::<User>(signed_up()).when(grant.clone()).then([UserEvent::AuditorGranted { by: "operator".into(), at: T0 + 1 }]);
        assert!(user.auditor);
        let mut events = signed_up();
        events.push(UserEvent::AuditorGranted { by: "operator".into(), at: T0 + 1 });
        given::<User>(events.clone()).when(grant).then_error(UserError::AlreadyAuditor);
        let user = given::<User>(events).when(revoke.clone()).then([UserEvent::AuditorRevoked { by: "operator".into(), at: T0 + 2 }]);
        assert!(!user.auditor);
        given::<User>(signed_up()).when(revoke).then_error(UserError::NotAuditor);
    }

    #[test]
    fn commands_for_an_account_that_does_not_exist_are_refused() {
        given::<User>([]).when(verify("x", T0)).then_error(UserError::UnknownAccount);
    }
}
