import Foundation
public enum Assets { public static var bundle: Bundle { Bundle.module } }
