// sshd options that open a machine to root or password logins, or to keys kept somewhere else:
// a way back in that outlives the session. Shared by the shell detector (sed, tee, echo into
// sshd_config) and the egress detector (Write and Edit of it). Hardening (`PasswordAuthentication
// no`, `PermitRootLogin prohibit-password`) is not this.
export const SSHD_WEAKENING =
  /\b(?:PermitRootLogin[ \t]+yes|PasswordAuthentication[ \t]+yes|PermitEmptyPasswords[ \t]+yes|AuthorizedKeysFile[ \t]|AuthorizedKeysCommand[ \t])/i;
