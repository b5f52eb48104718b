public enum ParleyCLIPlaceholder {}
