public enum ParleyDiffingPlaceholder {}
