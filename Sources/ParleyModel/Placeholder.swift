public enum ParleyModelPlaceholder {}
