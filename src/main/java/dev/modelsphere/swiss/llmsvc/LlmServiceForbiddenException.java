package dev.modelsphere.swiss.llmsvc;

/**
 * The API server refused swiss access to LLMServices (HTTP 403). A type of its own so callers can
 * fall back to helm (backends.md §1.4) without reading message text.
 */
public final class LlmServiceForbiddenException extends LlmServiceException {

  public LlmServiceForbiddenException(String message, Throwable cause) {
    super(message, cause);
  }
}
