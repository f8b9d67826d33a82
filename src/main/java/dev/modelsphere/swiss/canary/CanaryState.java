package dev.modelsphere.swiss.canary;

import com.fasterxml.jackson.annotation.JsonValue;

/** An LLMService's relationship to Canary experiments, as the API spells it. */
public enum CanaryState {
  STANDALONE("standalone"),
  REFERENCED("referenced"),
  OWNED("owned");

  private final String wireName;

  CanaryState(String wireName) {
    this.wireName = wireName;
  }

  @JsonValue
  public String wireName() {
    return wireName;
  }
}
