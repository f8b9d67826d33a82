package dev.modelsphere.swiss.llmsvc;

import dev.modelsphere.swiss.kube.KubeException;

/** An LLMService read or discovery call failed; the message names the call and the cause. */
public class LlmServiceException extends KubeException {

  public LlmServiceException(String message) {
    super(message);
  }

  public LlmServiceException(String message, Throwable cause) {
    super(message, cause);
  }
}
