package dev.modelsphere.swiss.site;

import com.fasterxml.jackson.annotation.JsonInclude;

/** Scheduling settings the site writes into every release's values. */
public record Schedule(
    @JsonInclude(JsonInclude.Include.NON_EMPTY) String priorityClassName,
    @JsonInclude(JsonInclude.Include.NON_EMPTY) String schedulerName) {
  public Schedule {
    priorityClassName = Text.orEmpty(priorityClassName);
    schedulerName = Text.orEmpty(schedulerName);
  }

  public static Schedule none() {
    return new Schedule("", "");
  }
}
