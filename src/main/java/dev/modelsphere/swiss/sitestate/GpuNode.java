package dev.modelsphere.swiss.sitestate;

/**
 * What the GPU-products answer needs to know of one node, as the node inventory reads it.
 *
 * @param product the node's GPU product label value; empty when unlabelled
 * @param resource the extended resource its GPUs are allocatable as; empty when it has none
 * @param gpus the allocatable GPUs
 */
public record GpuNode(String name, String product, String resource, int gpus) {}
