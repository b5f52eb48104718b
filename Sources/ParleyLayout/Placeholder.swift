public enum ParleyLayoutPlaceholder {}
