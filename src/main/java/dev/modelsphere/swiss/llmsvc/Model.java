package dev.modelsphere.swiss.llmsvc;

import com.fasterxml.jackson.annotation.JsonInclude;

/** Descriptive only: never rendered into the chart. */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record Model(String name, String version, String variant, String hf, String engine) {}
