package dev.modelsphere.swiss.llmsvc;

import com.fasterxml.jackson.annotation.JsonInclude;

/** The helm release revision and status the operator last observed. */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record HelmRelease(Integer revision, String status) {}
