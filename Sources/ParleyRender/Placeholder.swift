public enum ParleyRenderPlaceholder {}
