public enum ParleyImportPlaceholder {}
