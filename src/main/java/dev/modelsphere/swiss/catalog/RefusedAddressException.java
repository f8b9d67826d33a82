package dev.modelsphere.swiss.catalog;

import dev.modelsphere.swiss.error.DomainException;
import dev.modelsphere.swiss.error.ErrorKind;

/**
 * An outbound call was not made because its host is one swiss never calls (a cloud metadata
 * service, a link-local address) or one the server config does not allow (loopback). Forbidden, not
 * failed: the same request would be refused again, and the message says which setting to change.
 */
public final class RefusedAddressException extends DomainException {
  public RefusedAddressException(String message) {
    super(ErrorKind.FORBIDDEN, message);
  }
}
