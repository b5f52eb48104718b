public enum ParleyHTMLPlaceholder {}
