package dev.modelsphere.swiss.site;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.modelsphere.swiss.values.Nulls;

/** Scheduling settings the site writes into every release's values. */
public record Schedule(
    @JsonInclude(JsonInclude.Include.NON_EMPTY) String priorityClassName,
    @JsonInclude(JsonInclude.Include.NON_EMPTY) String schedulerName) {
  public Schedule {
    priorityClassName = Nulls.orEmpty(priorityClassName);
    schedulerName = Nulls.orEmpty(schedulerName);
  }

  public static Schedule none() {
    return new Schedule("", "");
  }
}
