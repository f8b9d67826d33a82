package dev.modelsphere.swiss.error;

/**
 * A refusal a client can act on by itself, named beside the message so that no client has to read
 * the message's words: the server writes it as the error answer's {@code reason}, and a client of
 * the API reads it back.
 */
public enum ErrorReason {
  /** Nothing a client handles by itself: the message says what to do. */
  NONE(""),
  /**
   * The site requires another user's approval of exactly this write and there is none to spend: ask
   * for one ({@code POST /api/approvals}), wait until it is approved, then send the write again.
   */
  APPROVAL_REQUIRED("approvalRequired");

  private final String wire;

  ErrorReason(String wire) {
    this.wire = wire;
  }

  /** Its name in an error answer; empty for {@link #NONE}, which is left out. */
  public String wire() {
    return wire;
  }

  /** The reason an error answer names; {@link #NONE} for none, or one this client does not know. */
  public static ErrorReason ofWire(String wire) {
    for (ErrorReason reason : values()) {
      if (reason != NONE && reason.wire.equals(wire)) {
        return reason;
      }
    }
    return NONE;
  }
}
