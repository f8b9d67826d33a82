package dev.modelsphere.swiss.error;

/**
 * What kind of failure a domain error is. Front ends translate a kind, never a message: the server
 * to an HTTP status and the CLI to an exit code, each in one table of its own.
 */
public enum ErrorKind {
  /** The request itself is incomplete or wrong; sending it again unchanged cannot help. */
  INVALID,
  /** The caller may not do this here (a read-only server, an RBAC refusal). */
  FORBIDDEN,
  /** The release, revision, plan, model or catalog asked for does not exist. */
  NOT_FOUND,
  /** The thing exists but is not in the state the operation needs (moved, busy, held). */
  CONFLICT,
  /** The operation started and failed, or something built into swiss is broken. */
  FAILED,
  /** A place the answer comes from (the cluster, a catalog, a chart repository) failed. */
  UPSTREAM_FAILED,
  /** What the answer needs cannot be had right now (no profile, no database); try later. */
  UNAVAILABLE
}
